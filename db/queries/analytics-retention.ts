// Raw analytics events, and the per-visitor rows that could link them, are kept 13 months; the anonymous
// daily rollups (pages, sources, devices, browsers, totals) are kept for good.
import type { Knex } from 'knex';
import { buenosAiresDate, shiftMonths } from '#shared/dates.ts';

export const RETENTION_MONTHS = 13;

const BY_DAY = [
  'analytics_pageviews',
  'analytics_page_exits',
  'analytics_events',
  'analytics_consents',
  'analytics_daily_visitors',
  'analytics_daily_visits',
];

/** The first day still kept: anything on an earlier Buenos Aires day is deleted. */
export function retentionStart(now: Date): string {
  return shiftMonths(buenosAiresDate(now), -RETENTION_MONTHS);
}

/** Deletes what is past retention; returns how many rows went, per table. Idempotent. */
export async function deleteExpiredAnalytics(db: Knex, now = new Date()): Promise<Record<string, number>> {
  const cutoff = retentionStart(now);
  const deleted: Record<string, number> = {};
  for (const table of BY_DAY) deleted[table] = await db(table).where('day', '<', cutoff).delete();
  deleted.analytics_visitors = await db('analytics_visitors').where('last_seen_day', '<', cutoff).delete();
  // Consent choices not renewed since then (midday of the cutoff day: a few hours either way do not matter here).
  deleted.analytics_visitor_consents = await db('analytics_visitor_consents')
    .where('updated_at', '<', new Date(`${cutoff}T12:00:00Z`))
    .delete();
  return deleted;
}
