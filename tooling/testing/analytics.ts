// Test helper: empties every analytics table (raw events and rollups) so a test counts only what it sends.
// The window marker (analytics_windows) stays: with no rollups left, any start day is consistent.
import type { Knex } from 'knex';
import { openAnalyticsInbox } from '#db/analytics-inbox/index.ts';

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
  await drainInbox(db);
  for (const table of TABLES) await db(table).delete();
}

/** Items accepted into the database's inbox (a file of its own on SQLite) and not yet moved into the tables. */
export async function inboxPending(db: Knex): Promise<number> {
  const inbox = openAnalyticsInbox(db);
  try {
    return await inbox.pending();
  } finally {
    await inbox.close();
  }
}

/** Moves everything in the database's inbox into the tables, as the next process to start would. */
export async function drainInbox(db: Knex): Promise<void> {
  const inbox = openAnalyticsInbox(db);
  try {
    while ((await inbox.drain(1_000)).taken > 0);
  } finally {
    await inbox.close();
  }
}

export async function countRows(db: Knex, table: string): Promise<number> {
  return Number((await db(table).count({ n: '*' }).first())?.n);
}
