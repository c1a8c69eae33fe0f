// On PostgreSQL, a new catalog version is announced to every process at its commit (NOTIFY velada_catalog), so that
// a change made through one process shows in the others' cached pages at once rather than at their next reading of
// the version (db/queries/catalog-version.ts, listenForCatalogChanges). Channels are the database's, not a schema's:
// the payload names the schema whose catalog changed. SQLite has one process: nothing to announce.
import type { Knex } from 'knex';

export const CATALOG_CHANNEL = 'velada_catalog';

export async function up(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw(`
    CREATE FUNCTION catalog_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${CATALOG_CHANNEL}', TG_TABLE_SCHEMA);
      RETURN NULL;
    END $$`);
  await db.raw('CREATE TRIGGER catalog_version_notify AFTER UPDATE ON catalog_version FOR EACH ROW EXECUTE FUNCTION catalog_notify()');
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw('DROP TRIGGER catalog_version_notify ON catalog_version');
  await db.raw('DROP FUNCTION catalog_notify()');
}
