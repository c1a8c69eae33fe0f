// The daily rollups a batch of analytics items changes (docs/decisions/007-analytics-storage.md), written in the
// batch's own transaction (analytics-ingest.ts). Every count is an atomic upsert, and distinct counts come from
// insert-or-ignore membership rows, so several processes on one PostgreSQL can write at once.
import type { Knex } from 'knex';
import { buenosAiresDate } from '#shared/dates.ts';
import { pageWindowStart } from './analytics-window.ts';
import { insertMany } from './insert-many.ts';
import type { EventItem, PageviewItem } from './analytics-ingest.ts';

type Counts = Map<string, { key: Record<string, string>; n: number }>;

/** The Buenos Aires day of an instant, memoised per quarter hour (every time zone offset is a multiple of it). */
const dayCache = new Map<number, string>();
export function dayOf(at: Date): string {
  const bucket = Math.floor(at.getTime() / 900_000);
  let day = dayCache.get(bucket);
  if (day === undefined) {
    if (dayCache.size > 10_000) dayCache.clear();
    day = buenosAiresDate(at);
    dayCache.set(bucket, day);
  }
  return day;
}

/** `table.column + excluded.column`: what an upsert adds to a counter. */
const plus = (table: string, column: string) => `"${table}"."${column}" + excluded."${column}"`;

/**
 * Rows in key order. Every multi-row upsert goes through this: two processes writing overlapping keys then
 * lock them in the same order, so PostgreSQL cannot deadlock them against each other.
 */
export function inKeyOrder<T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]): T[] {
  const keyOf = (row: T) => keys.map((k) => String(row[k])).join('\u0000');
  return rows
    .map((row) => [keyOf(row), row] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
}

/** Adds `amounts` to the counter column of the rows keyed by `keyColumns`, creating missing rows. */
async function addCounts(trx: Knex.Transaction, table: string, keyColumns: string[], counter: string, amounts: Counts): Promise<void> {
  const rows = inKeyOrder(
    [...amounts.values()].map(({ key, n }) => ({ ...key, [counter]: n })),
    keyColumns,
  );
  await insertMany(trx, table, rows, { conflict: keyColumns, set: { [counter]: plus(table, counter) } });
}

function tally(map: Counts, key: Record<string, string>, n = 1): void {
  const id = Object.values(key).join('\u0000');
  const entry = map.get(id);
  if (entry) entry.n += n;
  else map.set(id, { key, n });
}

/** A DATE column as 'YYYY-MM-DD' (PostgreSQL's parser is set to strings; SQLite stores the text). */
function dayString(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** Per day: pageviews, new visitors, new visits and events. */
interface DayTotals {
  pageviews: Counts;
  visitors: Counts;
  visits: Counts;
  events: Counts;
}

/** What the batch's pageviews count without reading anything: views per day and page, titles, firsts and last days. */
function countPageviews(pageviews: PageviewItem[], totals: DayTotals) {
  const pages: Counts = new Map();
  const titles = new Map<string, string>();
  // The first pageview of each (day, visitor) and (day, session): what a new visitor or visit is counted as.
  const firstOfVisitorDay = new Map<string, { day: string; visitorId: string }>();
  const firstOfVisit = new Map<string, { day: string; view: PageviewItem }>();
  const lastSeen = new Map<string, string>();
  for (const view of pageviews) {
    const day = dayOf(view.at);
    tally(totals.pageviews, { day });
    tally(pages, { day, page_path: view.pagePath });
    titles.set(view.pagePath, view.pageTitle);
    if (!firstOfVisitorDay.has(`${day}|${view.visitorId}`))
      firstOfVisitorDay.set(`${day}|${view.visitorId}`, { day, visitorId: view.visitorId });
    if (!firstOfVisit.has(`${day}|${view.sessionId}`)) firstOfVisit.set(`${day}|${view.sessionId}`, { day, view });
    if ((lastSeen.get(view.visitorId) ?? '') < day) lastSeen.set(view.visitorId, day);
  }
  return { pages, titles, firstOfVisitorDay, firstOfVisit, lastSeen };
}

/** Membership rows: only those actually inserted are new visitors (or visits) of their day. */
async function countNewVisitors(
  trx: Knex.Transaction,
  firstOfVisitorDay: Map<string, { day: string; visitorId: string }>,
  totals: DayTotals,
): Promise<void> {
  const visitorDays = inKeyOrder(
    [...firstOfVisitorDay.values()].map((v) => ({ day: v.day, visitor_id: v.visitorId })),
    ['day', 'visitor_id'],
  );
  const newVisitorDays = await insertMany<{ day: string; visitor_id: string }>(trx, 'analytics_daily_visitors', visitorDays, {
    conflict: ['day', 'visitor_id'],
    returning: ['day', 'visitor_id'],
  });
  for (const row of newVisitorDays) tally(totals.visitors, { day: dayString(row.day) });
}

/** A new visit counts for its day, and for the source, device and browser of its first pageview. */
async function countNewVisits(trx: Knex.Transaction, firstOfVisit: Map<string, { day: string; view: PageviewItem }>, totals: DayTotals) {
  const sources: Counts = new Map();
  const devices: Counts = new Map();
  const browsers: Counts = new Map();
  const visitDays = inKeyOrder(
    [...firstOfVisit.values()].map((v) => ({ day: v.day, session_id: v.view.sessionId })),
    ['day', 'session_id'],
  );
  const newVisits = await insertMany<{ day: string; session_id: string }>(trx, 'analytics_daily_visits', visitDays, {
    conflict: ['day', 'session_id'],
    returning: ['day', 'session_id'],
  });
  for (const row of newVisits) {
    const day = dayString(row.day);
    const { view } = firstOfVisit.get(`${day}|${row.session_id}`)!;
    tally(totals.visits, { day });
    tally(sources, { day, source: view.source, medium: view.medium });
    tally(devices, { day, device_type: view.deviceType });
    tally(browsers, { day, browser: view.browser });
  }
  return { sources, devices, browsers };
}

/** Each page's latest title, and its running count of views in the 30-day window (analytics-window.ts). */
async function updatePages(trx: Knex.Transaction, pageviews: PageviewItem[], titles: Map<string, string>): Promise<void> {
  const windowStart = pageviews.length > 0 ? await pageWindowStart(trx) : '';
  const windowViews = new Map<string, number>();
  for (const view of pageviews) {
    if (dayOf(view.at) >= windowStart) windowViews.set(view.pagePath, (windowViews.get(view.pagePath) ?? 0) + 1);
  }
  const pageRows = inKeyOrder(
    [...titles].map(([page_path, page_title]) => ({ page_path, page_title, window_views: windowViews.get(page_path) ?? 0 })),
    ['page_path'],
  );
  await insertMany(trx, 'analytics_pages', pageRows, {
    conflict: ['page_path'],
    set: { page_title: 'excluded.page_title', window_views: plus('analytics_pages', 'window_views') },
  });
}

async function updateLastSeen(trx: Knex.Transaction, lastSeen: Map<string, string>): Promise<void> {
  const lastSeenRows = inKeyOrder(
    [...lastSeen].map(([visitor_id, last_seen_day]) => ({ visitor_id, last_seen_day })),
    ['visitor_id'],
  );
  await insertMany(trx, 'analytics_visitors', lastSeenRows, {
    conflict: ['visitor_id'],
    set: {
      last_seen_day:
        'case when excluded.last_seen_day > analytics_visitors.last_seen_day then excluded.last_seen_day else analytics_visitors.last_seen_day end',
    },
  });
}

/** One row per day, with every counter present so the upsert can add to each. */
async function addDayTotals(trx: Knex.Transaction, totals: DayTotals): Promise<void> {
  const days = new Set([...totals.pageviews.values(), ...totals.events.values()].map((e) => e.key.day!));
  const totalRows = [...days].sort().map((day) => ({
    day,
    pageviews: totals.pageviews.get(day)?.n ?? 0,
    visitors: totals.visitors.get(day)?.n ?? 0,
    visits: totals.visits.get(day)?.n ?? 0,
    events: totals.events.get(day)?.n ?? 0,
  }));
  const add = (column: string) => plus('analytics_daily_totals', column);
  await insertMany(trx, 'analytics_daily_totals', totalRows, {
    conflict: ['day'],
    set: { pageviews: add('pageviews'), visitors: add('visitors'), visits: add('visits'), events: add('events') },
  });
}

export async function updateRollups(trx: Knex.Transaction, pageviews: PageviewItem[], events: EventItem[]): Promise<void> {
  const totals: DayTotals = { pageviews: new Map(), visitors: new Map(), visits: new Map(), events: new Map() };
  const { pages, titles, firstOfVisitorDay, firstOfVisit, lastSeen } = countPageviews(pageviews, totals);
  for (const event of events) tally(totals.events, { day: dayOf(event.at) });
  await countNewVisitors(trx, firstOfVisitorDay, totals);
  const { sources, devices, browsers } = await countNewVisits(trx, firstOfVisit, totals);
  await addCounts(trx, 'analytics_daily_pages', ['day', 'page_path'], 'views', pages);
  await addCounts(trx, 'analytics_daily_sources', ['day', 'source', 'medium'], 'visits', sources);
  await addCounts(trx, 'analytics_daily_devices', ['day', 'device_type'], 'visits', devices);
  await addCounts(trx, 'analytics_daily_browsers', ['day', 'browser'], 'visits', browsers);
  await updatePages(trx, pageviews, titles);
  await updateLastSeen(trx, lastSeen);
  // The day's totals last: every batch of every process updates today's row, so it is locked the shortest time.
  await addDayTotals(trx, totals);
}
