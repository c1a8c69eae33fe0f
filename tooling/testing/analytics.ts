// Test helper: empties every analytics table (raw events and rollups) so a test counts only what it sends.
// The window marker (analytics_windows) stays: with no rollups left, any start day is consistent.
import type { Knex } from 'knex';

const TABLES = [
  'analytics_inbox',
  'analytics_consents',
  'analytics_pageviews',
  'analytics_page_exits',
  'analytics_events',
  'analytics_visitor_consents',
  'analytics_daily_totals',
  'analytics_daily_pages',
  'analytics_pages',
  'analytics_daily_sources',
  'analytics_daily_devices',
  'analytics_daily_browsers',
  'analytics_daily_visitors',
  'analytics_daily_visits',
  'analytics_visitors',
];

export async function clearAnalytics(db: Knex): Promise<void> {
  for (const table of TABLES) await db(table).delete();
}

export async function countRows(db: Knex, table: string): Promise<number> {
  return Number((await db(table).count({ n: '*' }).first())?.n);
}
