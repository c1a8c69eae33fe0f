// What is left of a published ad once its row is deleted (by its advertiser, or with their account): its category
// and barrio, for its address to answer "Este aviso ya no está publicado" with 410 and ads like it (decisions.md,
// "Not found speaks Spanish only"), instead of a bare 404. Written by a trigger on every delete of an ad that was
// ever published, so that no path can forget it. Nothing personal: no title, text, photo or phone.
import type { Knex } from 'knex';

const COLUMNS = 'ended_ads (ad_id, category, barrio, ended_at)';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('ended_ads', (t) => {
    // No foreign key: the ad is gone.
    t.integer('ad_id').primary();
    t.string('category', 32).notNullable();
    t.string('barrio', 64);
    t.timestamp('ended_at').notNullable();
  });
  if (db.client.config.client === 'pg') {
    await db.raw(`
      CREATE FUNCTION remember_ended_ad() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${COLUMNS} VALUES (OLD.id, OLD.category, OLD.barrio, now()) ON CONFLICT (ad_id) DO NOTHING;
        RETURN NULL;
      END $$`);
    await db.raw(
      `CREATE TRIGGER ended_ads AFTER DELETE ON ads FOR EACH ROW WHEN (OLD.published_at IS NOT NULL) EXECUTE FUNCTION remember_ended_ad()`,
    );
  } else {
    // Milliseconds since the epoch, as the other timestamps on SQLite.
    const now = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
    await db.raw(
      `CREATE TRIGGER ended_ads AFTER DELETE ON ads WHEN OLD.published_at IS NOT NULL
       BEGIN INSERT OR IGNORE INTO ${COLUMNS} VALUES (OLD.id, OLD.category, OLD.barrio, ${now}); END`,
    );
  }
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg') {
    await db.raw('DROP TRIGGER IF EXISTS ended_ads ON ads');
    await db.raw('DROP FUNCTION IF EXISTS remember_ended_ad()');
  } else {
    await db.raw('DROP TRIGGER IF EXISTS ended_ads');
  }
  await db.schema.dropTable('ended_ads');
}
