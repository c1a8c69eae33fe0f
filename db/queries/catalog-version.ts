// The catalog version (db/migrations/014-catalog-version.ts): triggers raise it with every write that can change a
// public page; cached pages rendered at an older version are not served again.
import type { Knex } from 'knex';
import pg from 'pg';
import { CATALOG_CHANNEL } from '#db/migrations/018-catalog-notify.ts';
import { refreshMarkedRanks } from './search-rank.ts';

/**
 * The version of the catalogue with its search ranks current at `now`: the ranks marked by a write, or all of them in
 * a new rotation window, are refreshed first (docs/decisions/050-ranking.md, 064-fair-exposure.md). The refresh raises the version itself (search_rank is a public column); done
 * before the reading, it never makes the page or the index built at the version read stale at once.
 */
export async function readCatalogVersion(db: Knex, now = new Date()): Promise<number> {
  await refreshMarkedRanks(db, now);
  const row = (await db('catalog_version').where('id', 1).first('version')) as { version: number | string } | undefined;
  return Number(row?.version ?? 0);
}

/** A listening connection lost (or never made) is tried again after this long. */
const RECONNECT_MS = 5_000;

/**
 * Calls onChange whenever a new catalog version is committed, by any process (PostgreSQL's NOTIFY, migration 018),
 * and once each time listening starts, for what changed while it was not. The listening connection is one of its own,
 * outside the pool; when it is lost it is opened again, and meanwhile the render cache's periodic reading of the
 * version still holds. On SQLite (one process) there is nothing to listen to. Resolves with a function that stops.
 */
export async function listenForCatalogChanges(db: Knex, onChange: () => void): Promise<() => Promise<void>> {
  if (db.client.config.client !== 'pg') return async () => {};
  const connection = db.client.config.connection as string | pg.ClientConfig;
  // The schema of this database's catalog: another schema's changes (another database sharing the server) are not ours.
  const schema = ((await db.raw('select current_schema() as name')) as { rows: { name: string }[] }).rows[0]!.name;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  const retryLater = (lost: pg.Client) => {
    if (client === lost) client = null;
    lost.removeAllListeners('notification');
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, RECONNECT_MS);
    retry.unref();
  };
  const open = async () => {
    const opening = new pg.Client(connection);
    opening.on('notification', (message) => {
      if (message.payload === schema) onChange();
    });
    opening.on('error', () => retryLater(opening));
    opening.on('end', () => retryLater(opening));
    try {
      await opening.connect();
      await opening.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (err) {
      console.error('Catalog changes: could not listen (cached pages follow the periodic reading):', (err as Error).message);
      await opening.end().catch(() => {});
      retryLater(opening);
      return;
    }
    if (stopped) return void (await opening.end().catch(() => {}));
    client = opening;
    onChange();
  };

  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
