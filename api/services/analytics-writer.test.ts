// The analytics writer (group commit), on SQLite and PostgreSQL: a request is answered once its item is committed
// to the inbox, requests waiting together share one insert, the drain moves them into the tables, and when things
// go wrong (an item the database refuses, a database that is unreachable) only the items concerned are affected.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import knexFactory from 'knex';
import { openAnalyticsInbox, type AnalyticsInbox } from '#db/analytics-inbox/index.ts';
import { AnalyticsWriter } from './analytics-writer.ts';
import { createApp } from '#api/app.ts';
import { HttpError } from '#api/errors.ts';
import { serve, testConfig } from '#api/testing/http.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { clearAnalytics, countRows, inboxPending } from '#tooling/testing/analytics.ts';
import type { EventItem } from '#db/queries/analytics-ingest.ts';
import { CHROME_DESKTOP, pageview, visitorId } from '#api/routes/analytics/testing.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const event = (name: string, overrides: Partial<EventItem> = {}): EventItem => ({
  kind: 'event',
  at: new Date(),
  visitorId: '11111111-0000-4000-8000-000000000001',
  sessionId: '11111111-0000-4000-8000-000000000002',
  eventName: name,
  eventData: null,
  pagePath: '/',
  ...overrides,
});

/** Counts the writer's commits to its inbox. */
function countingInboxWrites(writer: AnalyticsWriter): () => number {
  const enqueue = vi.spyOn(writer.inbox, 'enqueue');
  return () => enqueue.mock.calls.length;
}

const statusOf = (err: unknown) => (err instanceof HttpError ? err.status : err);

describe('AnalyticsWriter', () => {
  it('answers a request only once its pageview is committed, and the drain moves every one into the tables', async () => {
    await clearAnalytics(t.db);
    const writer = new AnalyticsWriter(t.db);
    const app = await createApp({ db: t.db, config: testConfig(t.dataDir, { trustedProxies: ['127.0.0.1'] }), analytics: writer });
    const server = await serve(app);
    const v = visitorId();
    const sent = 120;
    let answered = 0;
    let rowsAtFirstAnswer = -1;
    await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        fetch(`${server.url}/api/analytics/track`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Sec-Fetch-Site': 'same-origin',
            'User-Agent': CHROME_DESKTOP,
            'X-Forwarded-For': `10.9.${Math.floor(i / 200)}.${i % 200}`,
          },
          body: JSON.stringify(pageview(v, v, { pageUrl: `https://velada.example/p/${i}` })),
        }).then(async (res) => {
          expect(res.status).toBe(204);
          answered += 1;
          // The first answer already finds its item in the database (in the inbox, or drained into the tables).
          if (answered === 1) rowsAtFirstAnswer = (await inboxPending(t.db)) + (await countRows(t.db, 'analytics_pageviews'));
        }),
      ),
    );
    expect(rowsAtFirstAnswer).toBeGreaterThanOrEqual(1);
    expect(writer.size).toBe(0);
    await writer.drain();
    expect(await countRows(t.db, 'analytics_pageviews')).toBe(sent);
    expect(await inboxPending(t.db)).toBe(0);
    expect((await analyticsSummary(t.db)).pageViewsToday).toBe(sent);
    await server.close();
    await writer.close();
  });

  it('writes the items of one turn in one insert, at most maxBatch each, drains them, and refuses new items once closed', async () => {
    await clearAnalytics(t.db);
    const writer = new AnalyticsWriter(t.db, { maxBatch: 3 });
    const inserts = countingInboxWrites(writer);
    await Promise.all(Array.from({ length: 7 }, (_, i) => writer.write(event(`e${i}`))));
    expect(inserts()).toBe(3);
    await writer.drain();
    expect(await countRows(t.db, 'analytics_events')).toBe(7);
    const pending = writer.write(event('last one before closing'));
    await writer.close();
    await pending;
    await expect(writer.write(event('too late')).catch(statusOf)).resolves.toBe(503);
    expect(await countRows(t.db, 'analytics_events')).toBe(8);
  });

  it("writes a turn of 1,200 items in one commit (SQLite refused Knex's insert past 500 rows)", async () => {
    await clearAnalytics(t.db);
    const writer = new AnalyticsWriter(t.db);
    const inserts = countingInboxWrites(writer);
    await Promise.all(Array.from({ length: 1_200 }, (_, i) => writer.write(event(`e${i}`))));
    // More than one would mean the batch was refused and written item by item.
    expect(inserts()).toBe(1);
    await writer.close();
    expect(await countRows(t.db, 'analytics_events')).toBe(1_200);
    expect(await inboxPending(t.db)).toBe(0);
  });

  it('drops, alone, an item the database refuses when drained, and writes the rest of its chunk', async () => {
    await clearAnalytics(t.db);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const writer = new AnalyticsWriter(t.db);
    const results = await Promise.all(
      [event('first'), event('refused', { pagePath: null as unknown as string }), event('third')].map((item) =>
        writer.write(item).then(() => 'written', statusOf),
      ),
    ); // NOT NULL: refused by both databases, once the item leaves the inbox
    expect(results).toEqual(['written', 'written', 'written']);
    await writer.drain();
    expect(await t.db('analytics_events').orderBy('id').pluck('event_name')).toEqual(['first', 'third']);
    expect(await inboxPending(t.db)).toBe(0);
    expect(errors).toHaveBeenCalledWith('Analytics: 1 items refused by the database, dropped from the inbox');
    errors.mockRestore();
    await writer.close();
  });

  it('answers 503 while the database is unreachable, without trying on every request, and keeps nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreachable = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: '/nonexistent/velada/analytics.sqlite' },
      useNullAsDefault: true,
      acquireConnectionTimeout: 200,
      log: { warn: () => undefined, error: () => undefined, debug: () => undefined, deprecate: () => undefined },
    });
    const writer = new AnalyticsWriter(unreachable, { retryMs: 60_000 });
    const attempts = () => errors.mock.calls.filter(([message]) => String(message).startsWith('Analytics: database unreachable')).length;
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => writer.write(event(`e${i}`)).catch(statusOf)));
    expect(first.every((s) => s === 503)).toBe(true);
    expect(attempts()).toBe(1);
    // During the wait, new items are refused at once, without another attempt.
    const later = await Promise.all(Array.from({ length: 20 }, (_, i) => writer.write(event(`l${i}`)).catch(statusOf)));
    expect(later.every((s) => s === 503)).toBe(true);
    expect(attempts()).toBe(1);
    expect(writer.size).toBe(0);
    errors.mockRestore();
    await writer.close();
    await unreachable.destroy();
  });

  it('takes items again once the database is back', async () => {
    await clearAnalytics(t.db);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The writer's inbox, unreachable until `down` turns false.
    let down = true;
    const inbox = openAnalyticsInbox(t.db);
    const refused = () => Promise.reject(new Error('connection refused'));
    const flaky: AnalyticsInbox = {
      enqueue: (items) => (down ? refused() : inbox.enqueue(items)),
      drain: (limit) => (down ? refused() : inbox.drain(limit)),
      pending: () => inbox.pending(),
      ping: () => (down ? refused() : inbox.ping()),
      close: () => inbox.close(),
    };
    const writer = new AnalyticsWriter(t.db, { retryMs: 30, inbox: flaky });
    await expect(writer.write(event('while down')).catch(statusOf)).resolves.toBe(503);
    down = false;
    await new Promise((resolve) => setTimeout(resolve, 40));
    await writer.write(event('back'));
    await writer.drain();
    expect(await t.db('analytics_events').pluck('event_name')).toEqual(['back']);
    await writer.close();
    errors.mockRestore();
  });
});
