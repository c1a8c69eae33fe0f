// Advertisers, their ads and photos, staff accounts and settings; full-text search for both dialects.
// Timestamps are always written by the app as Date values (docs/decisions/002-timestamps-and-dates.md), never by defaults.
import type { Knex } from 'knex';
import { dialectOf } from '#db/dialect.ts';

export async function up(db: Knex): Promise<void> {
  const pg = dialectOf(db) === 'postgres';

  await db.schema.createTable('advertisers', (t) => {
    t.increments('id');
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 200);
    t.string('full_name', 120).notNullable();
    t.string('dni', 8);
    t.date('birth_date');
    // unverified -> pending -> verified | rejected
    t.string('verification_status', 16).notNullable().defaultTo('unverified');
    t.timestamp('verified_at');
    t.timestamp('created_at').notNullable();
    t.timestamp('updated_at').notNullable();
  });

  await db.schema.createTable('ads', (t) => {
    t.increments('id');
    t.integer('advertiser_id').notNullable().references('advertisers.id').onDelete('CASCADE');
    t.string('slug', 80).notNullable();
    t.string('title', 80).notNullable();
    t.text('description').notNullable();
    t.string('category', 16).notNullable();
    t.string('zona', 8).notNullable().defaultTo('caba');
    t.string('barrio', 32);
    t.string('phone', 20);
    t.integer('price_per_hour');
    // Weekly availability as bit masks over the catalogue's DAY_GROUPS and TIME_SLOTS (see shared/availability.ts).
    t.integer('days_mask').notNullable().defaultTo(0);
    t.integer('slots_mask').notNullable().defaultTo(0);
    t.boolean('is_24h').notNullable().defaultTo(false);
    t.boolean('open_schedule').notNullable().defaultTo(false);
    // Bit masks over LANGUAGES, SERVICE_TYPES and ATTENTION_TYPES.
    t.integer('languages_mask').notNullable().defaultTo(0);
    t.integer('services_mask').notNullable().defaultTo(0);
    t.integer('attention_mask').notNullable().defaultTo(0);
    t.boolean('photos_verified').notNullable().defaultTo(false);
    t.string('state', 16).notNullable().defaultTo('draft');
    t.string('state_reason', 500);
    t.string('plan', 16).notNullable().defaultTo('gratuito');
    t.timestamp('plan_expires_at');
    t.timestamp('published_at');
    t.timestamp('expires_at');
    t.integer('view_count').notNullable().defaultTo(0);
    // The default order of search ("relevancia"), stored so that it can be read from an index; kept up to date
    // by db/queries/search-rank.ts (plan tier, then a daily rotation).
    t.integer('search_rank').notNullable().defaultTo(0);
    t.integer('phone_reveals').notNullable().defaultTo(0);
    // Folded (lower case, no accents) title, description, barrio, zone and category: what text search reads.
    t.text('search_text').notNullable().defaultTo('');
    t.timestamp('created_at').notNullable();
    t.timestamp('updated_at').notNullable();
    t.index(['state', 'category']);
    t.index(['state', 'barrio']);
    t.index(['state', 'published_at']);
    t.index(['state', 'search_rank']);
    t.index(['state', 'view_count']);
    t.index(['advertiser_id']);
  });

  await db.schema.createTable('ad_images', (t) => {
    t.increments('id');
    t.integer('ad_id').notNullable().references('ads.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    // Random file key: files live under DATA_DIR/uploads/ads/{key}-{width}.webp, never at a guessable path.
    t.string('file_key', 64).notNullable().unique();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.string('alt', 160).notNullable().defaultTo('');
    t.index(['ad_id', 'position']);
  });

  await db.schema.createTable('admin_users', (t) => {
    t.increments('id');
    t.string('username', 40).notNullable().unique();
    t.string('full_name', 120).notNullable();
    t.string('password_hash', 200).notNullable();
    t.boolean('is_master').notNullable().defaultTo(false);
    t.text('permissions').notNullable().defaultTo('[]');
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at').notNullable();
  });

  await db.schema.createTable('settings', (t) => {
    t.string('key', 64).primary();
    t.text('value').notNullable();
    t.timestamp('updated_at').notNullable();
  });
  const now = new Date();
  await db('settings').insert([
    { key: 'price_premium', value: '15000', updated_at: now },
    { key: 'price_vip', value: '25000', updated_at: now },
  ]);

  if (pg) {
    await db.raw(`alter table ads add column search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored`);
    await db.raw('create index ads_search_vector_idx on ads using gin (search_vector)');
  } else {
    // External-content FTS5 index over ads.search_text, kept in step by triggers.
    await db.raw(
      `create virtual table ads_fts using fts5(search_text, content='ads', content_rowid='id', tokenize="unicode61 remove_diacritics 2")`,
    );
    await db.raw(`create trigger ads_fts_insert after insert on ads begin
      insert into ads_fts(rowid, search_text) values (new.id, new.search_text); end`);
    await db.raw(`create trigger ads_fts_delete after delete on ads begin
      insert into ads_fts(ads_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`);
    await db.raw(`create trigger ads_fts_update after update of search_text on ads begin
      insert into ads_fts(ads_fts, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into ads_fts(rowid, search_text) values (new.id, new.search_text); end`);
  }
}

export async function down(db: Knex): Promise<void> {
  if (dialectOf(db) === 'sqlite') await db.raw('drop table if exists ads_fts');
  for (const table of ['settings', 'admin_users', 'ad_images', 'ads', 'advertisers']) {
    await db.schema.dropTableIfExists(table);
  }
}
