// The analytics queue when things go wrong: an item the database refuses, and a database that is unreachable.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import knexFactory from 'knex';
import { AnalyticsQueue } from './queue.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { clearAnalytics, countRows } from '#tooling/testing/analytics.ts';
import type { EventItem } from '#db/queries/analytics-ingest.ts';

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

describe('AnalyticsQueue', () => {
  it('drops only the item the database refuses, and writes the rest of its batch', async () => {
    await clearAnalytics(t.db);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queue = new AnalyticsQueue(t.db, { flushIntervalMs: 60_000 });
    queue.push(event('first'));
    queue.push(event('refused', { pagePath: null as unknown as string })); // NOT NULL: refused by both databases
    queue.push(event('third'));
    await queue.close();
    expect(await t.db('analytics_events').orderBy('id').pluck('event_name')).toEqual(['first', 'third']);
    expect(queue.size).toBe(0);
    expect(errors).toHaveBeenCalledWith('Analytics: 1 items refused by the database and dropped:', expect.any(String));
    errors.mockRestore();
  });

  it('keeps items while the database is unreachable, without retrying on every request, within a bound', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreachable = knexFactory({
      client: 'sqlite3',
      connection: { filename: '/nonexistent/velada/analytics.sqlite' },
      useNullAsDefault: true,
      acquireConnectionTimeout: 200,
      log: { warn: () => undefined, error: () => undefined, debug: () => undefined, deprecate: () => undefined },
    });
    const queue = new AnalyticsQueue(unreachable, { flushIntervalMs: 10, maxBatch: 50, maxPending: 300, retryMs: 60_000 });
    const attempts = () => errors.mock.calls.filter(([message]) => String(message).startsWith('Analytics: database unreachable')).length;
    for (let i = 0; i < 100; i++) queue.push(event(`e${i}`));
    await expect.poll(attempts).toBe(1);
    // More requests during the wait do not trigger writes; past maxPending the oldest items go.
    for (let i = 100; i < 400; i++) queue.push(event(`e${i}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts()).toBe(1);
    expect(queue.size).toBe(300);
    errors.mockRestore();
    await unreachable.destroy();
  });

  it('writes what it kept once the database is back', async () => {
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
    const queue = new AnalyticsQueue(flaky, { flushIntervalMs: 10, retryMs: 30 });
    queue.push(event('kept'));
    await queue.flush();
    expect(queue.size).toBe(1);
    down = false;
    await expect.poll(() => countRows(t.db, 'analytics_events')).toBe(1);
    expect(queue.size).toBe(0);
    await queue.close();
    errors.mockRestore();
  });
});
