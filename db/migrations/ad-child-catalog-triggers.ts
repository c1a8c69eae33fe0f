// Catalog version triggers (docs/decisions/021-render-cache.md) for a table of rows that belong to an ad by `ad_id`
// and show on its public pages (rates, availability windows, ...): any insert, update or delete of a row whose ad is
// published, before or after, raises the version, exactly as ad_images' triggers do (014-catalog-version.ts).
// Migrations that add such a table call watchAdChildTable in up and unwatchAdChildTable in down; the function is
// shared, so it must keep doing exactly this for the migrations that already ran it.
import type { Knex } from 'knex';

const BUMP = 'UPDATE catalog_version SET version = version + 1 WHERE id = 1';
const isPostgres = (db: Knex) => db.client.config.client === 'pg';

export async function watchAdChildTable(db: Knex, table: string): Promise<void> {
  if (isPostgres(db)) {
    // catalog_bump_images() reads only NEW.ad_id / OLD.ad_id: it serves every table of that shape, deferred to the
    // commit and once per transaction like the others.
    await db.raw(
      `CREATE CONSTRAINT TRIGGER catalog_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table}
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_bump_images()`,
    );
    return;
  }
  const adIsPublished = (row: 'OLD' | 'NEW') => `(SELECT state FROM ads WHERE id = ${row}.ad_id) = 'published'`;
  await db.raw(`CREATE TRIGGER catalog_${table}_insert AFTER INSERT ON ${table} WHEN ${adIsPublished('NEW')} BEGIN ${BUMP}; END`);
  await db.raw(
    `CREATE TRIGGER catalog_${table}_update AFTER UPDATE ON ${table}
       WHEN ${adIsPublished('OLD')} OR ${adIsPublished('NEW')} BEGIN ${BUMP}; END`,
  );
  await db.raw(`CREATE TRIGGER catalog_${table}_delete AFTER DELETE ON ${table} WHEN ${adIsPublished('OLD')} BEGIN ${BUMP}; END`);
}

export async function unwatchAdChildTable(db: Knex, table: string): Promise<void> {
  if (isPostgres(db)) {
    await db.raw(`DROP TRIGGER IF EXISTS catalog_${table} ON ${table}`);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) await db.raw(`DROP TRIGGER IF EXISTS catalog_${table}_${event}`);
}
