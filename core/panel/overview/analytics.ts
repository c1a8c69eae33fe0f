// The summary of the panel's Estadísticas de visitas, read from the daily rollups (db/queries/analytics-summary.ts).
import type { Knex } from 'knex';
import { analyticsSummary as readSummary, type AnalyticsSummary as SummaryRow } from '#db/queries/analytics-summary.ts';
import type { AnalyticsSummary } from '#shared/contracts/staff/analytics.ts';

export function presentAnalyticsSummary(summary: SummaryRow): AnalyticsSummary {
  return {
    uniqueVisitorsToday: summary.uniqueVisitorsToday,
    pageViewsToday: summary.pageViewsToday,
    uniqueVisitors30Days: summary.uniqueVisitors30Days,
    pageViews30Days: summary.pageViews30Days,
    topPages: summary.topPages.map((p) => ({ page_title: p.page_title, page_url: p.page_url, views: p.views })),
    trafficSources: summary.trafficSources.map((s) => ({ source: s.source, medium: s.medium, visits: s.visits })),
    devices: summary.devices.map((d) => ({ device_type: d.device_type, count: d.count })),
    browsers: summary.browsers.map((b) => ({ browser: b.browser, count: b.count })),
    daily: summary.daily.map((d) => ({ date: d.date, pageViews: d.pageViews, visitors: d.visitors, visits: d.visits })),
  };
}

export async function analyticsSummary(db: Knex, now = new Date()): Promise<AnalyticsSummary> {
  return presentAnalyticsSummary(await readSummary(db, now));
}
