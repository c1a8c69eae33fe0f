// The analytics summary of the seed, read from the daily rollups (never from raw events), in Buenos Aires days:
// today, the last 30 days (today included), the top pages, sources, devices and browsers of those 30 days,
// and a day-by-day series for the chart.
import type { Knex } from 'knex';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';
import { SUMMARY_DAYS, movePageWindow, windowStartFor } from './analytics-window.ts';

export { SUMMARY_DAYS };
const TOP = 10;

export interface AnalyticsSummary {
  uniqueVisitorsToday: number;
  pageViewsToday: number;
  uniqueVisitors30Days: number;
  pageViews30Days: number;
  topPages: { page_title: string; page_url: string; views: number }[];
  trafficSources: { source: string; medium: string; visits: number }[];
  devices: { device_type: string; count: number }[];
  browsers: { browser: string; count: number }[];
  /** Oldest first, one entry per day, zeros included. */
  daily: { date: string; pageViews: number; visitors: number; visits: number }[];
}

export function summaryPeriod(now: Date): { today: string; from: string } {
  const today = buenosAiresDate(now);
  return { today, from: windowStartFor(today) };
}

const num = (value: unknown) => Number(value ?? 0);

/** The keys with the largest sums of `counter` (as `n`), largest first, ties in key order. */
function topBy<Row>(query: Knex.QueryBuilder, keys: string[], counter: string, limit: number): Promise<Row[]> {
  return query
    .select(...keys)
    .select(query.client.raw('sum(??) as n', [counter]))
    .groupBy(keys)
    .orderBy([{ column: 'n', order: 'desc' }, ...keys])
    .limit(limit) as unknown as Promise<Row[]>;
}

export async function analyticsSummary(db: Knex, now = new Date()): Promise<AnalyticsSummary> {
  const { today, from } = summaryPeriod(now);
  // A no-op unless a day went by since the last summary or pageview.
  await movePageWindow(db, from);
  const inPeriod = (table: string) => db(table).where('day', '>=', from).andWhere('day', '<=', today);

  const [totals, distinct, pages, sources, devices, browsers] = await Promise.all([
    inPeriod('analytics_daily_totals').select('day', 'pageviews', 'visitors', 'visits'),
    // Distinct visitors over the period, not a sum of daily counts: those last seen on or after its first day.
    db('analytics_visitors').where('last_seen_day', '>=', from).count({ n: '*' }).first(),
    db('analytics_pages')
      .where('window_views', '>', 0)
      .orderBy([{ column: 'window_views', order: 'desc' }, 'page_path'])
      .limit(TOP)
      .select('page_path', 'page_title', 'window_views'),
    topBy<{ source: string; medium: string; n: string | number }>(inPeriod('analytics_daily_sources'), ['source', 'medium'], 'visits', TOP),
    topBy<{ device_type: string; n: string | number }>(inPeriod('analytics_daily_devices'), ['device_type'], 'visits', TOP),
    topBy<{ browser: string; n: string | number }>(inPeriod('analytics_daily_browsers'), ['browser'], 'visits', TOP),
  ]);

  const byDay = new Map(totals.map((row) => [String(row.day).slice(0, 10), row]));
  const daily: AnalyticsSummary['daily'] = [];
  for (let i = 0; i < SUMMARY_DAYS; i++) {
    const date = shiftDate(from, 0, i);
    const row = byDay.get(date);
    daily.push({ date, pageViews: num(row?.pageviews), visitors: num(row?.visitors), visits: num(row?.visits) });
  }
  const todayRow = daily[daily.length - 1]!;

  return {
    uniqueVisitorsToday: todayRow.visitors,
    pageViewsToday: todayRow.pageViews,
    uniqueVisitors30Days: num(distinct?.n),
    pageViews30Days: daily.reduce((sum, d) => sum + d.pageViews, 0),
    topPages: pages.map((p) => ({ page_title: p.page_title, page_url: p.page_path, views: num(p.window_views) })),
    trafficSources: sources.map((s) => ({ source: s.source, medium: s.medium, visits: num(s.n) })),
    devices: devices.map((d) => ({ device_type: d.device_type, count: num(d.n) })),
    browsers: browsers.map((b) => ({ browser: b.browser, count: num(b.n) })),
    daily,
  };
}
