// Writes a batch of accepted analytics items: the raw rows and, in the same transaction, the daily rollups
// they change (docs/decisions/007-analytics-storage.md). Safe with several processes on one PostgreSQL:
// every count is an atomic upsert, and distinct counts come from insert-or-ignore membership rows.
import type { Knex } from 'knex';
import { dayOf, inKeyOrder, updateRollups } from './analytics-rollups.ts';
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

const CHUNK = 500;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

async function insertRows(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Promise<void> {
  await insertMany(trx, table, rows);
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
