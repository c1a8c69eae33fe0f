// What each ad's advertiser sees of its reach (docs/decisions/034-ad-statistics.md): per ad and Buenos Aires day,
// how often it appeared in search results, how often its page was viewed, and how often its phone or WhatsApp was
// asked for. Counts only: no visitor, address or device is stored. Not watched by the catalog version (no public page
// shows them). Kept 13 months.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('ad_daily_stats', (t) => {
    t.integer('ad_id').notNullable().references('ads.id').onDelete('CASCADE');
    t.string('day', 10).notNullable(); // 'YYYY-MM-DD', Buenos Aires
    t.integer('impressions').notNullable().defaultTo(0);
    t.integer('views').notNullable().defaultTo(0);
    t.integer('phone_reveals').notNullable().defaultTo(0);
    t.integer('whatsapp_opens').notNullable().defaultTo(0);
    t.primary(['ad_id', 'day']);
    t.index(['day']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('ad_daily_stats');
}
