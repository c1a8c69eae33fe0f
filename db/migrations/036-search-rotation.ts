// The rotation window the stored search ranks are of (docs/decisions/064-fair-exposure.md), written by the scheduled
// refresh of every rank (db/queries/search-rank.ts); marks are applied in it. One row; 0 until the first refresh.
// A new window raises the catalog version by trigger, as every public change does (014-catalog-version.ts): the
// pages and the search index name the window in their links to later pages, even when no rank moved.
import type { Knex } from 'knex';

const BUMP = 'UPDATE catalog_version SET version = version + 1 WHERE id = 1';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('search_rotation', (t) => {
    t.integer('id').primary();
    t.integer('rotation_window').notNullable();
  });
  await db('search_rotation').insert({ id: 1, rotation_window: 0 });
  if (db.client.config.client === 'pg') {
    // catalog_bump(): once per transaction, at its commit, like the other catalog triggers.
    await db.raw(`CREATE CONSTRAINT TRIGGER catalog_search_rotation AFTER UPDATE ON search_rotation
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.rotation_window IS DISTINCT FROM NEW.rotation_window)
       EXECUTE FUNCTION catalog_bump()`);
  } else {
    await db.raw(`CREATE TRIGGER catalog_search_rotation AFTER UPDATE OF rotation_window ON search_rotation
       WHEN OLD.rotation_window IS NOT NEW.rotation_window BEGIN ${BUMP}; END`);
  }
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg') await db.raw('DROP TRIGGER IF EXISTS catalog_search_rotation ON search_rotation');
  await db.schema.dropTable('search_rotation');
}
