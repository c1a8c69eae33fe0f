// Analytics storage on SQLite and PostgreSQL: the rollups agree with the raw events, the summary counts in
// Buenos Aires days, distinct visitors are distinct over the period, and retention keeps 13 months.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { persistAnalytics, type AnalyticsItem, type PageviewItem } from './analytics-ingest.ts';
import { analyticsSummary } from './analytics-summary.ts';
import { deleteExpiredAnalytics, retentionStart } from './analytics-retention.ts';
import { analyticsSummaryFromRawEvents } from '#tooling/testing/analytics-raw-summary.ts';
import { clearAnalytics } from '#tooling/testing/analytics.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());
beforeEach(() => clearAnalytics(t.db));

const id = () => crypto.randomUUID();

function view(at: string | Date, visitorId: string, sessionId: string, overrides: Partial<PageviewItem> = {}): PageviewItem {
  return {
    kind: 'pageview',
    at: new Date(at),
    visitorId,
    sessionId,
    pagePath: '/',
    pageTitle: 'Velada',
    referrerHost: null,
    source: 'direct',
    medium: 'none',
    campaign: null,
    deviceType: 'desktop',
    browser: 'Chrome',
    screen: '1280x720',
    ...overrides,
  };
}

// 15:00 UTC is noon in Buenos Aires (UTC-3).
const NOW = new Date('2026-11-22T15:00:00Z');

describe('analyticsSummary', () => {
  it('is all zeros, with 30 days of series, when nothing was recorded', async () => {
    const summary = await analyticsSummary(t.db, NOW);
    expect(summary).toMatchObject({
      uniqueVisitorsToday: 0,
      pageViewsToday: 0,
      uniqueVisitors30Days: 0,
      pageViews30Days: 0,
      topPages: [],
      trafficSources: [],
      devices: [],
      browsers: [],
    });
    expect(summary.daily).toHaveLength(30);
    expect(summary.daily[0]).toEqual({ date: '2026-10-24', pageViews: 0, visitors: 0, visits: 0 });
    expect(summary.daily[29]!.date).toBe('2026-11-22');
  });

  it('counts in Buenos Aires days: 23:59 there is still yesterday, even though it is tomorrow in UTC', async () => {
    const [a, b] = [id(), id()];
    await persistAnalytics(t.db, [
      view('2026-11-22T02:59:59Z', a, a), // 23:59:59 on the 21st in Buenos Aires
      view('2026-11-22T03:00:00Z', b, b), // 00:00 on the 22nd
    ]);
    const summary = await analyticsSummary(t.db, NOW);
    expect(summary.pageViewsToday).toBe(1);
    expect(summary.uniqueVisitorsToday).toBe(1);
    expect(summary.daily.slice(-2)).toEqual([
      { date: '2026-11-21', pageViews: 1, visitors: 1, visits: 1 },
      { date: '2026-11-22', pageViews: 1, visitors: 1, visits: 1 },
    ]);
    // Just before midnight in Buenos Aires (02:59 UTC on the 23rd), the 22nd is still today.
    expect((await analyticsSummary(t.db, new Date('2026-11-23T02:59:00Z'))).pageViewsToday).toBe(1);
    expect((await analyticsSummary(t.db, new Date('2026-11-23T03:00:00Z'))).pageViewsToday).toBe(0);
  });

  it('counts a visitor seen on several days once over the 30 days', async () => {
    const visitor = id();
    const other = id();
    await persistAnalytics(t.db, [
      view('2026-11-01T15:00:00Z', visitor, id()),
      view('2026-11-10T15:00:00Z', visitor, id()),
      view('2026-11-22T12:00:00Z', visitor, id()),
      view('2026-11-22T13:00:00Z', other, id()),
    ]);
    const summary = await analyticsSummary(t.db, NOW);
    expect(summary.uniqueVisitors30Days).toBe(2);
    expect(summary.daily.reduce((sum, d) => sum + d.visitors, 0)).toBe(4);
    expect(summary.pageViews30Days).toBe(4);
    expect(summary.uniqueVisitorsToday).toBe(2);
  });

  it('leaves out what happened before the 30 days', async () => {
    const visitor = id();
    await persistAnalytics(t.db, [view('2026-10-24T02:00:00Z', visitor, visitor, { pagePath: '/viejo' })]); // the 23rd in Buenos Aires
    const summary = await analyticsSummary(t.db, NOW);
    expect(summary.pageViews30Days).toBe(0);
    expect(summary.uniqueVisitors30Days).toBe(0);
    expect(summary.topPages).toEqual([]);
    await persistAnalytics(t.db, [view('2026-10-24T03:00:00Z', visitor, visitor, { pagePath: '/viejo' })]); // the 24th
    expect((await analyticsSummary(t.db, NOW)).uniqueVisitors30Days).toBe(1);
  });

  it('ranks pages by views with their latest title; sources, devices and browsers by visits', async () => {
    const [v1, v2, v3] = [id(), id(), id()];
    const [s1, s2, s3] = [id(), id(), id()];
    await persistAnalytics(t.db, [
      view('2026-11-22T10:00:00Z', v1, s1, { pagePath: '/buscar', pageTitle: 'Buscar', source: 'google', medium: 'organic' }),
      view('2026-11-22T10:01:00Z', v1, s1, { pagePath: '/anuncio/1-a', pageTitle: 'A', source: 'direct', medium: 'none' }),
      view('2026-11-22T10:02:00Z', v1, s1, { pagePath: '/buscar', pageTitle: 'Buscar', source: 'direct', medium: 'none' }),
      view('2026-11-22T11:00:00Z', v2, s2, {
        pagePath: '/buscar',
        pageTitle: 'Buscar avisos',
        deviceType: 'mobile',
        browser: 'Safari',
        source: 'instagram.com',
        medium: 'social',
      }),
    ]);
    await persistAnalytics(t.db, [
      view('2026-11-22T12:00:00Z', v3, s3, {
        pagePath: '/',
        pageTitle: 'Velada',
        deviceType: 'mobile',
        browser: 'Safari',
        source: 'google',
        medium: 'organic',
      }),
    ]);
    const summary = await analyticsSummary(t.db, NOW);
    expect(summary.topPages).toEqual([
      { page_title: 'Buscar avisos', page_url: '/buscar', views: 3 },
      { page_title: 'Velada', page_url: '/', views: 1 },
      { page_title: 'A', page_url: '/anuncio/1-a', views: 1 },
    ]);
    // One visit per session and day, attributed to its first pageview.
    expect(summary.trafficSources).toEqual([
      { source: 'google', medium: 'organic', visits: 2 },
      { source: 'instagram.com', medium: 'social', visits: 1 },
    ]);
    expect(summary.devices).toEqual([
      { device_type: 'mobile', count: 2 },
      { device_type: 'desktop', count: 1 },
    ]);
    expect(summary.browsers).toEqual([
      { browser: 'Safari', count: 2 },
      { browser: 'Chrome', count: 1 },
    ]);
  });

  it('agrees with aggregating the raw events, after many batches of random traffic', async () => {
    // Deterministic pseudo-random traffic over 40 days, written in uneven batches.
    let seed = 7;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
    const visitors = Array.from({ length: 60 }, id);
    const sessions = Array.from({ length: 120 }, id);
    const items: AnalyticsItem[] = [];
    for (let i = 0; i < 1500; i++) {
      const at = new Date(NOW.getTime() - Math.floor(rand() * 40 * 86_400_000));
      const visitor = pick(visitors);
      const session = pick(sessions);
      items.push(
        view(at, visitor, session, {
          pagePath: pick(['/', '/buscar', '/anuncio/1-a', '/anuncio/2-b', '/masajes', '/aumentar-visibilidad']),
          pageTitle: pick(['Título 1', 'Título 2']),
          source: pick(['google', 'direct', 'instagram.com', 'newsletter']),
          medium: pick(['organic', 'none', 'social', 'email']),
          deviceType: pick(['mobile', 'tablet', 'desktop'] as const),
          browser: pick(['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Browser']),
        }),
      );
      if (rand() < 0.2)
        items.push({
          kind: 'event',
          at,
          visitorId: visitor,
          sessionId: session,
          eventName: 'search',
          eventData: null,
          pagePath: '/buscar',
        });
    }
    items.sort((a, b) => a.at.getTime() - b.at.getTime());
    let start = 0;
    while (start < items.length) {
      const size = 1 + Math.floor(rand() * 300);
      await persistAnalytics(t.db, items.slice(start, start + size));
      start += size;
    }
    const fromRollups = await analyticsSummary(t.db, NOW);
    const fromRaw = await analyticsSummaryFromRawEvents(t.db, NOW);
    expect(fromRollups).toEqual(fromRaw);
    // Days later (and back again), as the 30 days slide: the running page counts follow.
    for (const later of [1, 6, 45, 0]) {
      const then = new Date(NOW.getTime() + later * 86_400_000);
      expect(await analyticsSummary(t.db, then)).toEqual(await analyticsSummaryFromRawEvents(t.db, then));
    }
    expect(fromRollups.pageViews30Days).toBeGreaterThan(1000);
    expect(fromRollups.uniqueVisitors30Days).toBeLessThan(fromRollups.daily.reduce((sum, d) => sum + d.visitors, 0));
  });
});

describe('persistAnalytics with several processes', () => {
  it('counts exactly when two connections write the same new visitors at once, in opposite orders', async () => {
    const other = knexFactory({ ...t.db.client.config });
    const visitors = Array.from({ length: 40 }, id);
    const batchOf = (order: string[]) => order.map((v) => view(NOW, v, v, { pagePath: `/p/${v.slice(0, 4)}` }));
    for (let round = 0; round < 10; round++) {
      await Promise.all([persistAnalytics(t.db, batchOf(visitors)), persistAnalytics(other, batchOf([...visitors].reverse()))]);
    }
    await other.destroy();
    const summary = await analyticsSummary(t.db, NOW);
    expect(summary.pageViewsToday).toBe(800);
    expect(summary.uniqueVisitorsToday).toBe(40);
    expect(summary.daily.at(-1)!.visits).toBe(40);
    expect(summary).toEqual(await analyticsSummaryFromRawEvents(t.db, NOW));
  });
});

describe('deleteExpiredAnalytics', () => {
  it('deletes raw events and per-visitor rows older than 13 months, and keeps the anonymous rollups', async () => {
    expect(retentionStart(NOW)).toBe('2025-10-22');
    const [old, recent] = [id(), id()];
    await persistAnalytics(t.db, [
      view('2025-10-21T15:00:00Z', old, old, { pagePath: '/viejo' }),
      {
        kind: 'event',
        at: new Date('2025-10-21T15:00:00Z'),
        visitorId: old,
        sessionId: old,
        eventName: 'search',
        eventData: null,
        pagePath: '/',
      },
      {
        kind: 'pageexit',
        at: new Date('2025-10-21T15:00:00Z'),
        visitorId: old,
        sessionId: old,
        pagePath: '/',
        timeOnPage: 5,
        clickCount: 0,
        scrollDepth: 10,
      },
      { kind: 'consent', at: new Date('2025-10-21T15:00:00Z'), visitorId: old, consentGiven: true, consentType: 'all' },
      view('2025-10-22T15:00:00Z', recent, recent, { pagePath: '/reciente' }),
    ]);
    const deleted = await deleteExpiredAnalytics(t.db, NOW);
    expect(deleted).toMatchObject({
      analytics_pageviews: 1,
      analytics_events: 1,
      analytics_page_exits: 1,
      analytics_consents: 1,
      analytics_daily_visitors: 1,
      analytics_daily_visits: 1,
      analytics_visitors: 1,
      analytics_visitor_consents: 1,
    });
    expect((await t.db('analytics_pageviews').select('page_path')).map((r) => r.page_path)).toEqual(['/reciente']);
    expect(await t.db('analytics_visitors').pluck('visitor_id')).toEqual([recent]);
    // The rollups of the old day stay.
    expect((await t.db('analytics_daily_pages').orderBy('day').select('page_path')).map((r) => r.page_path)).toEqual([
      '/viejo',
      '/reciente',
    ]);
    // Running it again deletes nothing more.
    expect(Object.values(await deleteExpiredAnalytics(t.db, NOW)).every((n) => n === 0)).toBe(true);
  });
});
