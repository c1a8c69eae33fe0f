// The analytics summary computed the slow way, straight from the raw events, as tools that aggregate at query
// time do. The tests use it as the oracle the rollups must agree with; the benchmark times it for comparison.
import type { Knex } from 'knex';
import { summaryPeriod, type AnalyticsSummary } from '#db/queries/analytics-summary.ts';
import { shiftDate } from '#shared/dates.ts';

const TOP = 10;
const num = (value: unknown) => Number(value ?? 0);
type Row = Record<string, unknown>;
const rows = (query: Knex.QueryBuilder) => query as unknown as Promise<Row[]>;

export async function analyticsSummaryFromRawEvents(db: Knex, now = new Date()): Promise<AnalyticsSummary> {
  const { today, from } = summaryPeriod(now);
  const views = () => db('analytics_pageviews').whereBetween('day', [from, today]);
  // A visit is a (day, session); it is described by its first pageview.
  const firstViews = () =>
    db('analytics_pageviews as p').join(
      views().select('day', 'session_id').min({ first_id: 'id' }).groupBy('day', 'session_id').as('f'),
      'f.first_id',
      'p.id',
    );

  const [todayRow, periodRow, perDay, pages, sources, devices, browsers] = await Promise.all([
    db('analytics_pageviews').where('day', today).count({ views: '*' }).countDistinct({ visitors: 'visitor_id' }).first(),
    views().count({ views: '*' }).countDistinct({ visitors: 'visitor_id' }).first(),
    rows(views().select('day').count({ views: '*' }).countDistinct({ visitors: 'visitor_id' }).groupBy('day')),
    rows(
      views()
        .select('page_path')
        .count({ n: '*' })
        .groupBy('page_path')
        .orderBy([{ column: 'n', order: 'desc' }, 'page_path'])
        .limit(TOP),
    ),
    rows(
      firstViews()
        .select('p.source', 'p.medium')
        .count({ n: '*' })
        .groupBy('p.source', 'p.medium')
        .orderBy([{ column: 'n', order: 'desc' }, 'p.source', 'p.medium'])
        .limit(TOP),
    ),
    rows(
      firstViews()
        .select('p.device_type')
        .count({ n: '*' })
        .groupBy('p.device_type')
        .orderBy([{ column: 'n', order: 'desc' }, 'p.device_type']),
    ),
    rows(
      firstViews()
        .select('p.browser')
        .count({ n: '*' })
        .groupBy('p.browser')
        .orderBy([{ column: 'n', order: 'desc' }, 'p.browser'])
        .limit(TOP),
    ),
  ]);
  const visitsPerDay = await rows(firstViews().select('p.day').count({ n: '*' }).groupBy('p.day'));

  const titles = new Map<string, string>();
  for (const page of pages) {
    const latest = await db('analytics_pageviews').where('page_path', String(page.page_path)).orderBy('id', 'desc').first('page_title');
    titles.set(String(page.page_path), latest.page_title);
  }
  const dayKey = (value: unknown) => String(value).slice(0, 10);
  const viewsByDay = new Map(perDay.map((r) => [dayKey(r.day), r]));
  const visitsByDay = new Map(visitsPerDay.map((r) => [dayKey(r.day), num(r.n)]));
  const daily = Array.from({ length: 30 }, (_, i) => {
    const date = shiftDate(from, 0, i);
    const row = viewsByDay.get(date);
    return { date, pageViews: num(row?.views), visitors: num(row?.visitors), visits: visitsByDay.get(date) ?? 0 };
  });

  return {
    uniqueVisitorsToday: num(todayRow?.visitors),
    pageViewsToday: num(todayRow?.views),
    uniqueVisitors30Days: num(periodRow?.visitors),
    pageViews30Days: num(periodRow?.views),
    topPages: pages.map((p) => ({ page_title: titles.get(String(p.page_path))!, page_url: String(p.page_path), views: num(p.n) })),
    trafficSources: sources.map((s) => ({ source: String(s.source), medium: String(s.medium), visits: num(s.n) })),
    devices: devices.map((d) => ({ device_type: String(d.device_type), count: num(d.n) })),
    browsers: browsers.map((b) => ({ browser: String(b.browser), count: num(b.n) })),
    daily,
  };
}
