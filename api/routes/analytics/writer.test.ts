// The analytics writer (group commit), on SQLite and PostgreSQL: a request is answered once its item is committed,
// requests waiting together share one transaction, and when things go wrong (an item the database refuses, a
// database that is unreachable) only the requests concerned get an error and nothing is kept half-written.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { AnalyticsWriter } from './writer.ts';
import { createApp } from '#api/app.ts';
import { HttpError } from '#api/errors.ts';
import { serve, testConfig } from '#api/testing/http.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { clearAnalytics, countRows } from '#tooling/testing/analytics.ts';
import type { EventItem } from '#db/queries/analytics-ingest.ts';
import { CHROME_DESKTOP, pageview, visitorId } from './testing.ts';

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

/** The database handle, counting the transactions begun through it. */
function countingTransactions(db: Knex): { db: Knex; transactions: () => number } {
  let transactions = 0;
  const counted = new Proxy(db, {
    get: (target, prop, receiver) => {
      if (prop === 'transaction') {
        return (...args: unknown[]) => {
          transactions += 1;
          return (target.transaction as (...a: unknown[]) => unknown)(...args);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  return { db: counted, transactions: () => transactions };
}

const statusOf = (err: unknown) => (err instanceof HttpError ? err.status : err);

describe('AnalyticsWriter', () => {
  it('answers a request only once its pageview is committed, and requests arriving together share a transaction', async () => {
    await clearAnalytics(t.db);
    const { db, transactions } = countingTransactions(t.db);
    const writer = new AnalyticsWriter(db);
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
          // The first answer already finds its row in the database.
          if (answered === 1) rowsAtFirstAnswer = await countRows(t.db, 'analytics_pageviews');
        }),
      ),
    );
    expect(rowsAtFirstAnswer).toBeGreaterThanOrEqual(1);
    expect(await countRows(t.db, 'analytics_pageviews')).toBe(sent);
    expect((await analyticsSummary(t.db)).pageViewsToday).toBe(sent);
    expect(writer.size).toBe(0);
    expect(transactions()).toBeLessThan(sent / 4);
    await server.close();
    await writer.close();
  });

  it('writes at most maxBatch items per transaction, and refuses new items once closed', async () => {
    await clearAnalytics(t.db);
    const { db, transactions } = countingTransactions(t.db);
    const writer = new AnalyticsWriter(db, { maxBatch: 3 });
    await Promise.all(Array.from({ length: 7 }, (_, i) => writer.write(event(`e${i}`))));
    expect(await countRows(t.db, 'analytics_events')).toBe(7);
    expect(transactions()).toBe(3);
    const pending = writer.write(event('last one before closing'));
    await writer.close();
    await pending;
    await expect(writer.write(event('too late')).catch(statusOf)).resolves.toBe(503);
    expect(await countRows(t.db, 'analytics_events')).toBe(8);
  });

  it('refuses only the item the database refuses, and writes the rest of its batch', async () => {
    await clearAnalytics(t.db);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const writer = new AnalyticsWriter(t.db);
    const results = await Promise.all(
      [event('first'), event('refused', { pagePath: null as unknown as string }), event('third')].map((item) =>
        writer.write(item).then(() => 'written', statusOf),
      ),
    ); // NOT NULL: refused by both databases
    expect(results).toEqual(['written', 422, 'written']);
    expect(await t.db('analytics_events').orderBy('id').pluck('event_name')).toEqual(['first', 'third']);
    expect(errors).toHaveBeenCalledWith('Analytics: 1 items refused by the database:', expect.any(String));
    errors.mockRestore();
    await writer.close();
  });

  it('answers 503 while the database is unreachable, without trying on every request, and keeps nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreachable = knexFactory({
      client: 'sqlite3',
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
    let down = true;
    const flaky = new Proxy(t.db, {
      apply: (target, thisArg, args) => {
        if (down) throw new Error('connection refused');
        return Reflect.apply(target, thisArg, args);
      },
      get: (target, prop, receiver) => {
        if (down && (prop === 'transaction' || prop === 'raw')) {
          return () => {
            throw new Error('connection refused');
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const writer = new AnalyticsWriter(flaky, { retryMs: 30 });
    await expect(writer.write(event('while down')).catch(statusOf)).resolves.toBe(503);
    down = false;
    await new Promise((resolve) => setTimeout(resolve, 40));
    await writer.write(event('back'));
    expect(await t.db('analytics_events').pluck('event_name')).toEqual(['back']);
    await writer.close();
    errors.mockRestore();
  });
});
