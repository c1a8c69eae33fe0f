// The inbox as a table of the main database (migration 016): for PostgreSQL, where inserts and the drain lock
// different rows, and for an in-memory SQLite. A drain chunk deletes the items it moves in the transaction that
// writes them, so an item is counted once whatever crashes when; on PostgreSQL, processes draining at once take
// different rows (SKIP LOCKED).
import type { Knex } from 'knex';
import { ping } from '#db/connection.ts';
import { insertMany } from '#db/queries/insert-many.ts';
import { isRefusal, writeAnalyticsItems, type AnalyticsItem } from '#db/queries/analytics-ingest.ts';
import type { AnalyticsInbox } from './index.ts';
import { fromInbox, toInbox, type DrainResult } from './items.ts';
import { WriteLane } from './write-lane.ts';

/** Rows per statement of insertMany with one column: a batch up to this is one statement, needing no transaction. */
const INSERT_CHUNK = 1_000;

type Taken = { id: number; item: string }[];

export class TableInbox implements AnalyticsInbox {
  /** Inserts first, drain chunks with a share of the time (./write-lane.ts). */
  private readonly lane = new WriteLane();
  private readonly db: Knex;
  private readonly postgres: boolean;

  constructor(db: Knex) {
    this.db = db;
    this.postgres = db.client.config.client === 'pg';
  }

  enqueue(items: AnalyticsItem[]): Promise<void> {
    return this.lane.urgently(() => enqueueRows(this.db, items));
  }

  drain(limit: number): Promise<DrainResult> {
    return this.lane.inBackground(() => this.drainNow(limit));
  }

  async pending(): Promise<number> {
    return Number((await this.db('analytics_inbox').count({ n: '*' }).first())?.n ?? 0);
  }

  ping(): Promise<void> {
    return ping(this.db);
  }

  async close(): Promise<void> {}

  /** The chunk in one transaction that begins with its delete (a write: on SQLite it excludes other writers first). */
  private async drainNow(limit: number): Promise<DrainResult> {
    const lock = this.postgres ? ' for update skip locked' : '';
    try {
      let taken = 0;
      await this.db.transaction(async (trx) => {
        const rows = await this.take(
          trx,
          `delete from analytics_inbox where id in (select id from analytics_inbox order by id limit ?${lock}) returning id, item`,
          [limit],
        );
        taken = rows.length;
        await writeAnalyticsItems(
          trx,
          rows.flatMap((r) => fromInbox(r.item)),
        );
      });
      return { taken, refused: 0, more: taken === limit };
    } catch (err) {
      if (!isRefusal(err)) throw err;
    }
    // Some item of the chunk is refused: each on its own, dropping only those refused.
    const ids = (await this.db('analytics_inbox').orderBy('id').limit(limit).pluck('id')) as (number | string)[];
    let refused = 0;
    for (const id of ids) {
      try {
        await this.db.transaction(async (trx) => {
          const rows = await this.take(trx, 'delete from analytics_inbox where id = ? returning id, item', [id]);
          await writeAnalyticsItems(
            trx,
            rows.flatMap((r) => fromInbox(r.item)),
          );
        });
      } catch (err) {
        if (!isRefusal(err)) throw err;
        refused += 1;
        await this.db('analytics_inbox').where('id', id).delete();
      }
    }
    return { taken: ids.length, refused, more: ids.length === limit };
  }

  private async take(trx: Knex.Transaction, sql: string, bindings: Knex.RawBinding[]): Promise<Taken> {
    const result = await trx.raw(sql, bindings);
    return ((this.postgres ? result.rows : result) as Taken).map((r) => ({ id: Number(r.id), item: r.item }));
  }
}

/** The items in one statement per thousand (one transaction). */
async function enqueueRows(db: Knex, items: AnalyticsItem[]): Promise<void> {
  const rows = items.map((item) => ({ item: toInbox(item) }));
  if (rows.length <= INSERT_CHUNK) await insertMany(db, 'analytics_inbox', rows);
  else await db.transaction((trx) => insertMany(trx, 'analytics_inbox', rows));
}
