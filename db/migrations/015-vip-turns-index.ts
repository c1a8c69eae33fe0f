// The VIP turns (vipAds in db/queries/search-ads.ts, read on every search and home rendered) from one index alone:
// by state, plan and end date, with the category and rank it filters on and the id it returns. Without it SQLite
// chose the end-date index and read 20,000 rows of premium and VIP ads (35 ms at 100,000 ads, docs/benchmarks.md).
import type { Knex } from 'knex';

const COLUMNS = ['state', 'plan', 'plan_expires_at', 'category', 'search_rank', 'id'];

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.index(COLUMNS, 'ads_vip_turns_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.dropIndex(COLUMNS, 'ads_vip_turns_index');
  });
}
