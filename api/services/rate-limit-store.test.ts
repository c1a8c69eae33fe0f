// Rate limits in each store (decision 029), through HTTP against createApp on the test database (SQLite, and
// PostgreSQL in the postgres project). Every store answers past the budget with a 429, Retry-After and the Spanish
// message. Memory counts per app, as one process did before. PostgreSQL and Redis share a budget between two apps
// on one store (two processes), keep it across a restart, count a beacon once whichever path answers it, and when
// they stop answering each app goes on counting in its own memory.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import type { Redis } from 'ioredis';
import { createApp } from '#api/app.ts';
import { sameOriginJson, serve, testConfig } from '#api/testing/http.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { CHROME_DESKTOP, newClientIp, pageview, visitorId } from '#api/routes/analytics/testing.ts';
import { knexConfig } from '#db/connection.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import {
  memoryRateLimitStore,
  openRateLimitStore,
  postgresRateLimitStore,
  redisClient,
  redisRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** This file's keys in Redis, apart from any other test file's and from a real site's. */
const KEY_PREFIX = `velada-test-${crypto.randomBytes(6).toString('hex')}`;
const onPostgres = process.env.VELADA_TEST_DIALECT === 'postgres';

async function connectedRedis(): Promise<Redis | null> {
  const redis = redisClient(REDIS_URL);
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}
/** Kept open for the cleanup; null when Redis does not answer, and the Redis tests are skipped. */
const redis = await connectedRedis();

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  if (redis) {
    const keys = await redis.keys(`${KEY_PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
  await t.destroy();
});

interface Instance {
  url: string;
  /** How many requests the analytics fast path took (it may have handed some to Koa after reading them). */
  fastPathTook: number;
  close(): Promise<void>;
}

/** One app on the test database counting in `store`, as one process; close() stops it and closes the store. */
async function start(store: RateLimitStore): Promise<Instance> {
  const analytics = new AnalyticsWriter(t.db);
  const app = await createApp({
    db: t.db,
    config: testConfig(t.dataDir, { trustedProxies: ['127.0.0.1'] }),
    analytics,
    mailer: new MemoryMailer(),
    rateLimits: store,
  });
  const instance: Instance = { url: '', fastPathTook: 0, close: async () => {} };
  const beacons = app.beaconPath!;
  app.beaconPath = (req, res, koa) => {
    const took = beacons(req, res, koa);
    if (took) instance.fastPathTook += 1;
    return took;
  };
  const server = await serve(app);
  instance.url = server.url;
  instance.close = async () => {
    await server.close();
    await analytics.close();
    await store.close();
  };
  return instance;
}

/** 'password-forgot' allows 5 requests per address in 15 minutes. */
const FORGOT_PASSWORD_MAX = 5;
const forgotPassword = (app: Instance, ip: string) =>
  fetch(`${app.url}/api/advertiser/forgot-password`, {
    method: 'POST',
    headers: { ...sameOriginJson, 'X-Forwarded-For': ip },
    body: JSON.stringify({ email: 'nadie@ejemplo.com' }),
  });

async function expectTooManyRequests(res: Response, windowSeconds: number): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(await res.json()).toEqual({
    error: { code: 'too_many_requests', message: 'Demasiadas solicitudes. Esperá un momento y volvé a intentar.' },
  });
}

const beacon = (app: Instance, ip: string, body: unknown) =>
  fetch(`${app.url}/api/analytics/track`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'User-Agent': CHROME_DESKTOP, 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });

describe('the memory store (SQLite, one process)', () => {
  it.skipIf(onPostgres)('is the one chosen on SQLite without REDIS_URL', async () => {
    expect((await openRateLimitStore(t.db)).kind).toBe('memory');
  });

  it('answers past the budget with 429, Retry-After and the Spanish message', async () => {
    const app = await start(memoryRateLimitStore());
    try {
      const ip = newClientIp();
      for (let i = 0; i < FORGOT_PASSWORD_MAX; i++) expect((await forgotPassword(app, ip)).status).toBe(202);
      await expectTooManyRequests(await forgotPassword(app, ip), 15 * 60);
    } finally {
      await app.close();
    }
  });

  it('counts in each app apart and forgets on a restart, as one process did', async () => {
    const first = await start(memoryRateLimitStore());
    const ip = newClientIp();
    for (let i = 0; i < FORGOT_PASSWORD_MAX; i++) await forgotPassword(first, ip);
    expect((await forgotPassword(first, ip)).status).toBe(429);
    const second = await start(memoryRateLimitStore());
    expect((await forgotPassword(second, ip)).status).toBe(202);
    await Promise.all([first.close(), second.close()]);
  });
});

/** What every shared store must do; `open` gives a new store instance on the same storage, as another process would. */
function sharedStoreTests(open: () => Promise<RateLimitStore>, unreachable: () => Promise<RateLimitStore>) {
  it('shares one budget between two apps, a request through each', async () => {
    const [a, b] = [await start(await open()), await start(await open())];
    try {
      const ip = newClientIp();
      const statuses: number[] = [];
      for (let i = 0; i < FORGOT_PASSWORD_MAX; i++) statuses.push((await forgotPassword(i % 2 ? b : a, ip)).status);
      expect(statuses).toEqual(Array(FORGOT_PASSWORD_MAX).fill(202));
      await expectTooManyRequests(await forgotPassword(a, ip), 15 * 60);
      await expectTooManyRequests(await forgotPassword(b, ip), 15 * 60);
      // Another address has its own budget.
      expect((await forgotPassword(b, newClientIp())).status).toBe(202);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps the count across a restart of the app', async () => {
    const ip = newClientIp();
    const before = await start(await open());
    for (let i = 0; i < FORGOT_PASSWORD_MAX; i++) expect((await forgotPassword(before, ip)).status).toBe(202);
    await before.close();
    const after = await start(await open());
    try {
      await expectTooManyRequests(await forgotPassword(after, ip), 15 * 60);
    } finally {
      await after.close();
    }
  });

  it('counts a beacon once whichever path answers it, in one budget for both apps', async () => {
    const [a, b] = [await start(await open()), await start(await open())];
    try {
      const ip = newClientIp();
      // 240 a minute per address: half stored by the fast path of one app, half read by the other's fast path and
      // refused by its Koa routes (a field refused), each counted once.
      for (let i = 0; i < 120; i++) expect((await beacon(a, ip, pageview(visitorId(), visitorId()))).status).toBe(204);
      for (let i = 0; i < 120; i++) expect((await beacon(b, ip, pageview('not-a-uuid', visitorId()))).status).toBe(400);
      expect([a.fastPathTook, b.fastPathTook]).toEqual([120, 120]);
      await expectTooManyRequests(await beacon(a, ip, pageview(visitorId(), visitorId())), 60);
      await expectTooManyRequests(await beacon(b, ip, pageview(visitorId(), visitorId())), 60);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("counts in each app's memory, with the same budget, while the store does not answer", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await start(await unreachable());
    try {
      const ip = newClientIp();
      for (let i = 0; i < FORGOT_PASSWORD_MAX; i++) expect((await forgotPassword(app, ip)).status).toBe(202);
      await expectTooManyRequests(await forgotPassword(app, ip), 15 * 60);
      // Said once, without the address.
      const notices = errors.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('Rate limits:'));
      expect(notices).toHaveLength(1);
      expect(notices[0]).not.toContain(ip);
    } finally {
      await app.close();
      errors.mockRestore();
    }
  });
}

describe.skipIf(!onPostgres)(
  onPostgres ? 'the PostgreSQL store' : 'the PostgreSQL store (skipped: it runs where the database is PostgreSQL, the postgres project)',
  () => {
    it('is the one chosen when the database is PostgreSQL and REDIS_URL is not set', async () => {
      const store = await openRateLimitStore(t.db);
      expect(store.kind).toBe('postgres');
      await store.close();
    });

    sharedStoreTests(
      () => postgresRateLimitStore(t.db),
      async () => {
        // Its own connections to this file's schema, closed once the store has been made: every count then fails.
        const own: Knex = knexFactory({ ...knexConfig(t.url, t.dataDir), searchPath: [t.schema!], pool: { min: 0, max: 2 } });
        const store = await postgresRateLimitStore(own);
        await own.destroy();
        return store;
      },
    );
  },
);

describe.skipIf(!redis)(
  redis ? 'the Redis store' : `the Redis store (skipped: no Redis answers at ${REDIS_URL}; set TEST_REDIS_URL)`,
  () => {
    it('is the one chosen when REDIS_URL is set, whatever the database', async () => {
      const store = await openRateLimitStore(t.db, { redisUrl: REDIS_URL, keyPrefix: KEY_PREFIX });
      expect(store.kind).toBe('redis');
      await store.close();
    });

    it('refuses to start on a REDIS_URL where nothing answers', async () => {
      await expect(openRateLimitStore(t.db, { redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(/Cannot connect to Redis/);
    });

    sharedStoreTests(
      () => openRateLimitStore(t.db, { redisUrl: REDIS_URL, keyPrefix: KEY_PREFIX }),
      async () => {
        // Connected when the store is made, then the connection goes away.
        const client = redisClient(REDIS_URL);
        await client.connect();
        const store = await redisRateLimitStore(t.db, client, { keyPrefix: KEY_PREFIX });
        client.disconnect();
        return store;
      },
    );
  },
);
