// Visitor analytics (docs/decisions/007-analytics-storage.md): append-only raw tables, written in batches,
// and daily rollups that the summary reads instead of aggregating raw rows. Days are Buenos Aires dates.
import type { Knex } from 'knex';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';
import { SUMMARY_DAYS } from '#db/queries/analytics-window.ts';

const RAW_TABLES = ['analytics_consents', 'analytics_pageviews', 'analytics_page_exits', 'analytics_events'];
const ROLLUP_TABLES = [
  'analytics_visitor_consents',
  'analytics_daily_totals',
  'analytics_daily_pages',
  'analytics_pages',
  'analytics_windows',
  'analytics_daily_sources',
  'analytics_daily_devices',
  'analytics_daily_browsers',
  'analytics_daily_visitors',
  'analytics_daily_visits',
  'analytics_visitors',
];

export async function up(db: Knex): Promise<void> {
  // --- Raw events: never updated, deleted only by the retention job (13 months). No IP, no user agent string.
  await db.schema.createTable('analytics_consents', (t) => {
    t.bigIncrements('id');
    t.timestamp('created_at').notNullable();
    t.date('day').notNullable().index();
    t.string('visitor_id', 36); // null when a visitor without an id refuses
    t.boolean('consent_given').notNullable();
    t.string('consent_type', 16).notNullable();
  });
  await db.schema.createTable('analytics_pageviews', (t) => {
    t.bigIncrements('id');
    t.timestamp('created_at').notNullable();
    t.date('day').notNullable().index();
    t.string('visitor_id', 36).notNullable();
    t.string('session_id', 36).notNullable();
    t.string('page_path', 512).notNullable();
    t.string('page_title', 300).notNullable();
    t.string('referrer_host', 253); // host only; null for direct visits
    t.string('source', 100).notNullable();
    t.string('medium', 100).notNullable();
    t.string('campaign', 100);
    t.string('device_type', 16).notNullable();
    t.string('browser', 40).notNullable();
    t.string('screen', 11);
  });
  await db.schema.createTable('analytics_page_exits', (t) => {
    t.bigIncrements('id');
    t.timestamp('created_at').notNullable();
    t.date('day').notNullable().index();
    t.string('visitor_id', 36).notNullable();
    t.string('session_id', 36).notNullable();
    t.string('page_path', 512).notNullable();
    t.integer('time_on_page').notNullable(); // seconds
    t.integer('click_count').notNullable();
    t.integer('scroll_depth').notNullable(); // percent
  });
  await db.schema.createTable('analytics_events', (t) => {
    t.bigIncrements('id');
    t.timestamp('created_at').notNullable();
    t.date('day').notNullable().index();
    t.string('visitor_id', 36).notNullable();
    t.string('session_id', 36).notNullable();
    t.string('event_name', 64).notNullable();
    t.text('event_data'); // JSON, at most 2 KB
    t.string('page_path', 512).notNullable();
  });

  // --- Current consent per visitor: events of a visitor whose last choice refused analytics are dropped.
  await db.schema.createTable('analytics_visitor_consents', (t) => {
    t.string('visitor_id', 36).primary();
    t.boolean('allows_analytics').notNullable();
    t.timestamp('updated_at').notNullable();
  });

  // --- Rollups, updated in the same transaction as the raw rows they count.
  await db.schema.createTable('analytics_daily_totals', (t) => {
    t.date('day').primary();
    t.integer('pageviews').notNullable();
    t.integer('visitors').notNullable();
    t.integer('visits').notNullable();
    t.integer('events').notNullable();
  });
  await db.schema.createTable('analytics_daily_pages', (t) => {
    t.date('day').notNullable();
    t.string('page_path', 512).notNullable();
    t.integer('views').notNullable();
    t.primary(['day', 'page_path']);
  });
  // One row per page: its latest title, and its views from the window's first day on (the last 30 days), kept
  // as a running sum so that the top pages are an index read, not a sum over every page of every day.
  await db.schema.createTable('analytics_pages', (t) => {
    t.string('page_path', 512).primary();
    t.string('page_title', 300).notNullable();
    t.integer('window_views').notNullable().defaultTo(0).index();
  });
  await db.schema.createTable('analytics_windows', (t) => {
    t.string('name', 32).primary();
    t.date('first_day').notNullable();
  });
  await db('analytics_windows').insert({ name: 'pages', first_day: shiftDate(buenosAiresDate(new Date()), 0, -(SUMMARY_DAYS - 1)) });
  await db.schema.createTable('analytics_daily_sources', (t) => {
    t.date('day').notNullable();
    t.string('source', 100).notNullable();
    t.string('medium', 100).notNullable();
    t.integer('visits').notNullable();
    t.primary(['day', 'source', 'medium']);
  });
  await db.schema.createTable('analytics_daily_devices', (t) => {
    t.date('day').notNullable();
    t.string('device_type', 16).notNullable();
    t.integer('visits').notNullable();
    t.primary(['day', 'device_type']);
  });
  await db.schema.createTable('analytics_daily_browsers', (t) => {
    t.date('day').notNullable();
    t.string('browser', 40).notNullable();
    t.integer('visits').notNullable();
    t.primary(['day', 'browser']);
  });
  // Membership tables that make the distinct counts exact and incremental: a row inserted is a new
  // visitor (or visit) of that day; a conflict means it was already counted.
  await db.schema.createTable('analytics_daily_visitors', (t) => {
    t.date('day').notNullable();
    t.string('visitor_id', 36).notNullable();
    t.primary(['day', 'visitor_id']);
  });
  await db.schema.createTable('analytics_daily_visits', (t) => {
    t.date('day').notNullable();
    t.string('session_id', 36).notNullable();
    t.primary(['day', 'session_id']);
  });
  // Distinct visitors over any period ending today: those last seen on or after its first day.
  await db.schema.createTable('analytics_visitors', (t) => {
    t.string('visitor_id', 36).primary();
    t.date('last_seen_day').notNullable().index();
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of [...ROLLUP_TABLES, ...RAW_TABLES].reverse()) await db.schema.dropTableIfExists(table);
}
