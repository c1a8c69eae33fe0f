// The catalog version: one number that changes, in the same transaction, with every write that can change what the
// public sees (a published ad, or one that stops being published; its photos; its advertiser's age or verification;
// the settings). Processes compare it with the version their cached pages were rendered at (docs/decisions/021).
//
// Triggers, not calls from the code: every path that writes (routes, jobs, the CLI, a fix by hand in SQL) bumps it.
// The ad's counters (view_count, phone_reveals) are left out: they change on every visit, and the pages that show
// them may lag by the cache's maximum age.
import type { Knex } from 'knex';

/** The columns of ads whose change can alter a public page: all but the counters. */
export const AD_PUBLIC_COLUMNS = [
  'advertiser_id',
  'slug',
  'title',
  'description',
  'category',
  'zona',
  'barrio',
  'phone',
  'price_per_hour',
  'days_mask',
  'slots_mask',
  'is_24h',
  'open_schedule',
  'languages_mask',
  'services_mask',
  'attention_mask',
  'photos_verified',
  'state',
  'state_reason',
  'plan',
  'plan_expires_at',
  'published_at',
  'expires_at',
  'search_rank',
  'search_text',
  'created_at',
  'updated_at',
  'requested_plan',
  'submitted_at',
  'review_flags',
  'held_at',
];
export const AD_COUNTER_COLUMNS = ['id', 'view_count', 'phone_reveals'];
const ADVERTISER_PUBLIC_COLUMNS = ['birth_date', 'verification_status'];
/** Settings rows the public never sees: the server's secret keys (db/queries/server-keys.ts), made on first use. */
const PRIVATE_SETTINGS = `('quote_signing_key', 'reporter_hash_key', 'login_device_key')`;

const BUMP = 'UPDATE catalog_version SET version = version + 1 WHERE id = 1';

async function sqliteTriggers(db: Knex): Promise<void> {
  const published = (row: 'OLD' | 'NEW') => `${row}.state = 'published'`;
  const adOfImage = (row: 'OLD' | 'NEW') => `(SELECT state FROM ads WHERE id = ${row}.ad_id) = 'published'`;
  const advertiserHasPublic = `EXISTS (SELECT 1 FROM ads WHERE advertiser_id = OLD.id AND state = 'published')`;
  const triggers = [
    `CREATE TRIGGER catalog_ads_insert AFTER INSERT ON ads WHEN ${published('NEW')} BEGIN ${BUMP}; END`,
    `CREATE TRIGGER catalog_ads_update AFTER UPDATE OF ${AD_PUBLIC_COLUMNS.join(', ')} ON ads
       WHEN ${published('OLD')} OR ${published('NEW')} BEGIN ${BUMP}; END`,
    `CREATE TRIGGER catalog_ads_delete AFTER DELETE ON ads WHEN ${published('OLD')} BEGIN ${BUMP}; END`,
    `CREATE TRIGGER catalog_images_insert AFTER INSERT ON ad_images WHEN ${adOfImage('NEW')} BEGIN ${BUMP}; END`,
    `CREATE TRIGGER catalog_images_update AFTER UPDATE ON ad_images WHEN ${adOfImage('OLD')} OR ${adOfImage('NEW')} BEGIN ${BUMP}; END`,
    `CREATE TRIGGER catalog_images_delete AFTER DELETE ON ad_images WHEN ${adOfImage('OLD')} BEGIN ${BUMP}; END`,
    `CREATE TRIGGER catalog_advertisers_update AFTER UPDATE OF ${ADVERTISER_PUBLIC_COLUMNS.join(', ')} ON advertisers
       WHEN ${advertiserHasPublic} BEGIN ${BUMP}; END`,
    `CREATE TRIGGER catalog_settings AFTER INSERT ON settings WHEN NEW.key NOT IN ${PRIVATE_SETTINGS} BEGIN ${BUMP}; END`,
    `CREATE TRIGGER catalog_settings_update AFTER UPDATE ON settings WHEN NEW.key NOT IN ${PRIVATE_SETTINGS} BEGIN ${BUMP}; END`,
  ];
  for (const sql of triggers) await db.raw(sql);
}

/**
 * On PostgreSQL the bump waits for the commit (constraint triggers, initially deferred) and happens once per
 * transaction (a transaction-local flag). Bumping mid-transaction locked the one version row between other row locks,
 * and two writers taking them in opposite orders deadlocked; at commit it is always the last lock taken, and the new
 * version becomes visible with the change itself.
 */
async function postgresTriggers(db: Knex): Promise<void> {
  await db.raw(`
    CREATE FUNCTION catalog_bump_once() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('velada.catalog_bumped', true) IS DISTINCT FROM 'yes' THEN
        ${BUMP};
        PERFORM set_config('velada.catalog_bumped', 'yes', true);
      END IF;
    END $$`);
  await db.raw(`
    CREATE FUNCTION catalog_bump_ads() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (TG_OP <> 'INSERT' AND OLD.state = 'published') OR (TG_OP <> 'DELETE' AND NEW.state = 'published') THEN
        PERFORM catalog_bump_once();
      END IF;
      RETURN NULL;
    END $$`);
  await db.raw(`
    CREATE FUNCTION catalog_bump_images() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM ads WHERE id = OLD.ad_id AND state = 'published'))
        OR (TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM ads WHERE id = NEW.ad_id AND state = 'published')) THEN
        PERFORM catalog_bump_once();
      END IF;
      RETURN NULL;
    END $$`);
  await db.raw(`
    CREATE FUNCTION catalog_bump_advertisers() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM ads WHERE advertiser_id = OLD.id AND state = 'published') THEN
        PERFORM catalog_bump_once();
      END IF;
      RETURN NULL;
    END $$`);
  await db.raw(
    `CREATE FUNCTION catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM catalog_bump_once(); RETURN NULL; END $$`,
  );
  const deferred = 'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW';
  await db.raw(
    `CREATE CONSTRAINT TRIGGER catalog_ads AFTER INSERT OR DELETE OR UPDATE OF ${AD_PUBLIC_COLUMNS.join(', ')} ON ads
       ${deferred} EXECUTE FUNCTION catalog_bump_ads()`,
  );
  await db.raw(
    `CREATE CONSTRAINT TRIGGER catalog_images AFTER INSERT OR UPDATE OR DELETE ON ad_images ${deferred} EXECUTE FUNCTION catalog_bump_images()`,
  );
  await db.raw(
    `CREATE CONSTRAINT TRIGGER catalog_advertisers AFTER UPDATE OF ${ADVERTISER_PUBLIC_COLUMNS.join(', ')} ON advertisers
       ${deferred} EXECUTE FUNCTION catalog_bump_advertisers()`,
  );
  // Per row, not per statement: an insert that conflicts and inserts nothing (a server key already made) bumps nothing.
  await db.raw(`CREATE CONSTRAINT TRIGGER catalog_settings AFTER INSERT OR UPDATE ON settings ${deferred}
       WHEN (NEW.key NOT IN ${PRIVATE_SETTINGS}) EXECUTE FUNCTION catalog_bump()`);
}

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('catalog_version', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable();
  });
  await db('catalog_version').insert({ id: 1, version: 1 });
  if (db.client.config.client === 'pg') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg') {
    for (const [trigger, table] of [
      ['catalog_ads', 'ads'],
      ['catalog_images', 'ad_images'],
      ['catalog_advertisers', 'advertisers'],
      ['catalog_settings', 'settings'],
    ])
      await db.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
    for (const fn of ['catalog_bump_ads', 'catalog_bump_images', 'catalog_bump_advertisers', 'catalog_bump', 'catalog_bump_once'])
      await db.raw(`DROP FUNCTION IF EXISTS ${fn}()`);
  } else {
    for (const name of [
      'catalog_ads_insert',
      'catalog_ads_update',
      'catalog_ads_delete',
      'catalog_images_insert',
      'catalog_images_update',
      'catalog_images_delete',
      'catalog_advertisers_update',
      'catalog_settings',
      'catalog_settings_update',
    ])
      await db.raw(`DROP TRIGGER IF EXISTS ${name}`);
  }
  await db.schema.dropTable('catalog_version');
}
