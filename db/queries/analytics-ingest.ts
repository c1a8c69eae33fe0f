// Writes a batch of accepted analytics items: the raw rows and, in the same transaction, the daily rollups
// they change (docs/decisions/007-analytics-storage.md). Safe with several processes on one PostgreSQL:
// every count is an atomic upsert, and distinct counts come from insert-or-ignore membership rows.
import type { Knex } from 'knex';
import { buenosAiresDate } from '#shared/dates.ts';
import { pageWindowStart } from './analytics-window.ts';
import { insertMany } from './insert-many.ts';
import type { ConsentType, DeviceType } from '#shared/analytics-kinds.ts';

interface Visit {
  visitorId: string;
  sessionId: string;
}
export interface ConsentItem {
  kind: 'consent';
  at: Date;
  visitorId: string | null;
  consentGiven: boolean;
  consentType: ConsentType;
}
export interface PageviewItem extends Visit {
  kind: 'pageview';
  at: Date;
  pagePath: string;
  pageTitle: string;
  referrerHost: string | null;
  source: string;
  medium: string;
  campaign: string | null;
  deviceType: DeviceType;
  browser: string;
  screen: string | null;
}
export interface PageExitItem extends Visit {
  kind: 'pageexit';
  at: Date;
  pagePath: string;
  timeOnPage: number;
  clickCount: number;
  scrollDepth: number;
}
export interface EventItem extends Visit {
  kind: 'event';
  at: Date;
  eventName: string;
  eventData: string | null;
  pagePath: string;
}
export type AnalyticsItem = ConsentItem | PageviewItem | PageExitItem | EventItem;

/** Whether a consent choice lets us count the visitor: analytics must be among what was accepted. */
export function allowsAnalytics(consentGiven: boolean, consentType: ConsentType): boolean {
  return consentGiven && (consentType === 'all' || consentType === 'analytics');
}

/** The Buenos Aires day of an instant, memoised per quarter hour (every time zone offset is a multiple of it). */
const dayCache = new Map<number, string>();
function dayOf(at: Date): string {
  const bucket = Math.floor(at.getTime() / 900_000);
  let day = dayCache.get(bucket);
  if (day === undefined) {
    if (dayCache.size > 10_000) dayCache.clear();
    day = buenosAiresDate(at);
    dayCache.set(bucket, day);
  }
  return day;
}

const CHUNK = 500;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** `table.column + excluded.column`: what an upsert adds to a counter. */
const plus = (table: string, column: string) => `"${table}"."${column}" + excluded."${column}"`;

/**
 * Rows in key order. Every multi-row upsert goes through this: two processes writing overlapping keys then
 * lock them in the same order, so PostgreSQL cannot deadlock them against each other.
 */
function inKeyOrder<T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]): T[] {
  const keyOf = (row: T) => keys.map((k) => String(row[k])).join('\u0000');
  return rows
    .map((row) => [keyOf(row), row] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
}

async function insertRows(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Promise<void> {
  await insertMany(trx, table, rows);
}

/** Adds `amounts` to the counter column of the rows keyed by `keyColumns`, creating missing rows. */
async function addCounts(
  trx: Knex.Transaction,
  table: string,
  keyColumns: string[],
  counter: string,
  amounts: Map<string, { key: Record<string, string>; n: number }>,
): Promise<void> {
  const rows = inKeyOrder(
    [...amounts.values()].map(({ key, n }) => ({ ...key, [counter]: n })),
    keyColumns,
  );
  await insertMany(trx, table, rows, { conflict: keyColumns, set: { [counter]: plus(table, counter) } });
}

function tally(map: Map<string, { key: Record<string, string>; n: number }>, key: Record<string, string>, n = 1): void {
  const id = Object.values(key).join('\u0000');
  const entry = map.get(id);
  if (entry) entry.n += n;
  else map.set(id, { key, n });
}

/** Drops the events of visitors whose latest choice (stored, or earlier in this batch) refuses analytics. */
async function withConsent(db: Knex, items: AnalyticsItem[]): Promise<AnalyticsItem[]> {
  const ids = [...new Set(items.flatMap((i) => (i.kind !== 'consent' && i.visitorId ? [i.visitorId] : [])))];
  const allowed = new Map<string, boolean>();
  if (db.client.config.client === 'pg') {
    for (const part of chunks(ids)) {
      const rows = await db('analytics_visitor_consents').whereIn('visitor_id', part).select('visitor_id', 'allows_analytics');
      for (const row of rows) allowed.set(row.visitor_id, Boolean(row.allows_analytics));
    }
  } else if (ids.length > 0) {
    // On SQLite the ids as one JSON value (see insert-many.ts): binding hundreds of values costs more than the lookup.
    const rows = (await db.raw(
      'select visitor_id, allows_analytics from analytics_visitor_consents where visitor_id in (select value from json_each(?))',
      [JSON.stringify(ids)],
    )) as { visitor_id: string; allows_analytics: number }[];
    for (const row of rows) allowed.set(row.visitor_id, Boolean(row.allows_analytics));
  }
  return items.filter((item) => {
    if (item.kind === 'consent') {
      if (item.visitorId) allowed.set(item.visitorId, allowsAnalytics(item.consentGiven, item.consentType));
      return true;
    }
    return allowed.get(item.visitorId) !== false;
  });
}

export async function persistAnalytics(db: Knex, batch: AnalyticsItem[]): Promise<void> {
  if (batch.length === 0) return;
  // Read before the transaction, so that it begins with a write: on SQLite a transaction that reads and then
  // writes fails at once (SQLITE_BUSY, no waiting) if another connection wrote in between.
  const items = await withConsent(db, batch);
  await db.transaction((trx) => writeItems(trx, items));
}

/**
 * Writes accepted items into the raw tables and rollups inside `trx`, leaving out the events of visitors whose
 * consent refuses analytics. For the inbox's drain (db/analytics-inbox/), which moves items inside its own
 * transaction; persistAnalytics is the same for a batch on its own.
 */
export async function writeAnalyticsItems(trx: Knex.Transaction, items: AnalyticsItem[]): Promise<void> {
  if (items.length > 0) await writeItems(trx, await withConsent(trx, items));
}

/** The database refused a value (a constraint, a type), as opposed to being unreachable or busy. */
export function isRefusal(err: unknown): boolean {
  const code = String((err as { code?: string }).code ?? '');
  return code.startsWith('22') || code.startsWith('23') || code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH';
}

async function writeItems(trx: Knex.Transaction, items: AnalyticsItem[]): Promise<void> {
  const consents = items.filter((i): i is ConsentItem => i.kind === 'consent');
  const pageviews = items.filter((i): i is PageviewItem => i.kind === 'pageview');
  const exits = items.filter((i): i is PageExitItem => i.kind === 'pageexit');
  const events = items.filter((i): i is EventItem => i.kind === 'event');

  // Raw rows.
  await insertRows(
    trx,
    'analytics_consents',
    consents.map((c) => ({
      created_at: c.at,
      day: dayOf(c.at),
      visitor_id: c.visitorId,
      consent_given: c.consentGiven,
      consent_type: c.consentType,
    })),
  );
  await insertRows(
    trx,
    'analytics_pageviews',
    pageviews.map((p) => ({
      created_at: p.at,
      day: dayOf(p.at),
      visitor_id: p.visitorId,
      session_id: p.sessionId,
      page_path: p.pagePath,
      page_title: p.pageTitle,
      referrer_host: p.referrerHost,
      source: p.source,
      medium: p.medium,
      campaign: p.campaign,
      device_type: p.deviceType,
      browser: p.browser,
      screen: p.screen,
    })),
  );
  await insertRows(
    trx,
    'analytics_page_exits',
    exits.map((e) => ({
      created_at: e.at,
      day: dayOf(e.at),
      visitor_id: e.visitorId,
      session_id: e.sessionId,
      page_path: e.pagePath,
      time_on_page: e.timeOnPage,
      click_count: e.clickCount,
      scroll_depth: e.scrollDepth,
    })),
  );
  await insertRows(
    trx,
    'analytics_events',
    events.map((e) => ({
      created_at: e.at,
      day: dayOf(e.at),
      visitor_id: e.visitorId,
      session_id: e.sessionId,
      event_name: e.eventName,
      event_data: e.eventData,
      page_path: e.pagePath,
    })),
  );

  // Latest consent per visitor (the last one in the batch wins).
  const latestConsent = new Map<string, ConsentItem>();
  for (const c of consents) if (c.visitorId) latestConsent.set(c.visitorId, c);
  const consentRows = [...latestConsent.values()].map((c) => ({
    visitor_id: c.visitorId!,
    allows_analytics: allowsAnalytics(c.consentGiven, c.consentType),
    updated_at: c.at,
  }));
  // A choice written late by another process never overrides a newer one.
  const newer = (column: string) =>
    `case when excluded.updated_at >= analytics_visitor_consents.updated_at then excluded.${column} else analytics_visitor_consents.${column} end`;
  await insertMany(trx, 'analytics_visitor_consents', inKeyOrder(consentRows, ['visitor_id']), {
    conflict: ['visitor_id'],
    set: { allows_analytics: newer('allows_analytics'), updated_at: newer('updated_at') },
  });

  await updateRollups(trx, pageviews, events);
}

async function updateRollups(trx: Knex.Transaction, pageviews: PageviewItem[], events: EventItem[]): Promise<void> {
  type Counts = Map<string, { key: Record<string, string>; n: number }>;
  const totals = {
    pageviews: new Map() as Counts,
    visitors: new Map() as Counts,
    visits: new Map() as Counts,
    events: new Map() as Counts,
  };
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
  for (const event of events) tally(totals.events, { day: dayOf(event.at) });

  // Membership rows: only those actually inserted are new visitors (or visits) of their day.
  const visitorDays = inKeyOrder(
    [...firstOfVisitorDay.values()].map((v) => ({ day: v.day, visitor_id: v.visitorId })),
    ['day', 'visitor_id'],
  );
  const newVisitorDays = await insertMany<{ day: string; visitor_id: string }>(trx, 'analytics_daily_visitors', visitorDays, {
    conflict: ['day', 'visitor_id'],
    returning: ['day', 'visitor_id'],
  });
  for (const row of newVisitorDays) tally(totals.visitors, { day: dayString(row.day) });
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

  await addCounts(trx, 'analytics_daily_pages', ['day', 'page_path'], 'views', pages);
  await addCounts(trx, 'analytics_daily_sources', ['day', 'source', 'medium'], 'visits', sources);
  await addCounts(trx, 'analytics_daily_devices', ['day', 'device_type'], 'visits', devices);
  await addCounts(trx, 'analytics_daily_browsers', ['day', 'browser'], 'visits', browsers);

  // Each page's latest title, and its running count of views in the 30-day window (analytics-window.ts).
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
  // The day's totals last: every batch of every process updates today's row, so it is locked the shortest time.
  // One row per day, with every counter present so the upsert can add to each.
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

/** A DATE column as 'YYYY-MM-DD' (PostgreSQL's parser is set to strings; SQLite stores the text). */
function dayString(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}
