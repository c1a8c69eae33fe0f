// Which cover worked (docs/decisions/034-ad-statistics.md, amended 2026-11-28): per ad, Buenos Aires day and cover photo, the
// appearances in search results and the views of the ad page counted while that photo was the cover. Written with
// ad_daily_stats, from the same counted events, so a day's rows add up to the ad's row. `photo_id` is the cover's
// ad_images id, kept without a foreign key: the photo may be deleted later and its figures stay ("foto eliminada").
// Counts only: nothing about who saw the ad. Kept 13 months, like ad_daily_stats.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('ad_cover_daily_stats', (t) => {
    t.integer('ad_id').notNullable().references('ads.id').onDelete('CASCADE');
    t.string('day', 10).notNullable(); // 'YYYY-MM-DD', Buenos Aires
    t.integer('photo_id').notNullable();
    t.integer('impressions').notNullable().defaultTo(0);
    t.integer('views').notNullable().defaultTo(0);
    t.primary(['ad_id', 'day', 'photo_id']);
    t.index(['day']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('ad_cover_daily_stats');
}
