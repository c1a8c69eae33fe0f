// Which ad statistics count, in Redis (REDIS_URL): several processes share the day's key, the seen-set and the caps, so
// a source counts once a day whichever process answers it; the key lives in Redis, never in the database, and goes
// with the day; a Redis that does not answer leaves each process deciding in its own memory. Skipped, saying so, when
// no Redis answers at TEST_REDIS_URL (by default redis://127.0.0.1:6379).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import { redisClient } from './rate-limit-store.ts';
import { openStatsOnce, RedisStatsOnce } from './stats-once-redis.ts';
import { MemoryStatsOnce, type StatEvent } from './stats-once.ts';
import { AdStatsCounter } from './ad-stats.ts';
import { buenosAiresDate, buenosAiresDayStart } from '#shared/dates.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEY_PREFIX = `velada-test-${crypto.randomBytes(6).toString('hex')}`;

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
const redis = await connectedRedis();
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.destroy();
  if (!redis) return;
  const keys = await redis.keys(`${KEY_PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const view = (adId: number): StatEvent => ({ adId, kind: 'views' });
/** One "process": its own connection and its own RedisStatsOnce, on this file's keys. */
async function oneProcess(options: { maxSeen?: number; prefix?: string } = {}) {
  const client = redisClient(REDIS_URL);
  await client.connect();
  return new RedisStatsOnce(client, {
    keyPrefix: options.prefix ?? KEY_PREFIX,
    perSource: { impressions: 10, views: 2, contacts: 10 },
    maxSeen: options.maxSeen,
  });
}

describe.skipIf(!redis)(redis ? 'RedisStatsOnce' : `RedisStatsOnce (skipped: no Redis answers at ${REDIS_URL})`, () => {
  it('counts a source once per ad and kind a day across processes, and shares its daily caps', async () => {
    const [one, two] = [await oneProcess(), await oneProcess()];
    const day = buenosAiresDate(new Date());
    expect(await one.admit('192.0.2.1', day, [view(1), view(1)])).toEqual([view(1)]);
    expect(await two.admit('192.0.2.1', day, [view(1)])).toEqual([]);
    expect(await two.admit('192.0.2.2', day, [view(1)])).toEqual([view(1)]);
    expect(await two.admit('192.0.2.1', day, [view(2), view(3)])).toEqual([view(2)]);
    expect(await one.admit('192.0.2.1', day, [view(4)])).toEqual([]);
    await Promise.all([one.close(), two.close()]);
  });

  it("writes a view once when two processes' counters are asked for it by one source", async () => {
    const ad = await insertAd(t.db, await insertAdvertiser(t.db));
    const counters = [await oneProcess(), await oneProcess()].map((once) => new AdStatsCounter(t.db, { flushEveryMs: 60_000, once }));
    for (const counter of [...counters, ...counters]) counter.countPage({ listed: [], viewed: ad }, '2001:db8:7:7::1');
    counters[1]!.countPage({ listed: [], viewed: ad }, '2001:db8:7:8::1');
    await Promise.all(counters.map((counter) => counter.close()));
    expect(Number((await t.db('ads').where('id', ad).first()).view_count)).toBe(2);
  });

  it('keeps the day key in Redis only until the day ends, and no address in it', async () => {
    const prefix = `${KEY_PREFIX}-key`;
    const once = await oneProcess({ prefix });
    const day = buenosAiresDate(new Date());
    await once.admit('192.0.2.1', day, [view(1)]);
    const keys = (await redis!.keys(`${prefix}:*`)).sort();
    expect(keys).toEqual([`${prefix}:by-source:${day}`, `${prefix}:key:${day}`, `${prefix}:seen:${day}`]);
    const dayEnds = buenosAiresDayStart(day).getTime() + 86_400_000;
    for (const key of keys) {
      const expiresAt = Number(await redis!.pexpiretime(key));
      expect(expiresAt).toBeGreaterThan(Date.now());
      expect(expiresAt).toBeLessThanOrEqual(dayEnds + 3_600_000);
    }
    const stored = JSON.stringify([await redis!.smembers(keys[2]!), await redis!.hgetall(keys[0]!)]);
    expect(stored).not.toContain('192.0.2.1');
    await once.close();
  });

  it('remembers at most maxSeen a day, shared', async () => {
    const prefix = `${KEY_PREFIX}-full`;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [one, two] = [await oneProcess({ maxSeen: 2, prefix }), await oneProcess({ maxSeen: 2, prefix })];
    const day = buenosAiresDate(new Date());
    expect(await one.admit('192.0.2.1', day, [view(1), view(2)])).toHaveLength(2);
    expect(await two.admit('192.0.2.2', day, [view(1)])).toEqual([]);
    errors.mockRestore();
    await Promise.all([one.close(), two.close()]);
  });

  it('decides in this process memory while Redis does not answer, and says so', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const once = await oneProcess();
    await once.close(); // the connection is gone: every command fails at once
    const day = buenosAiresDate(new Date());
    expect(await once.admit('192.0.2.9', day, [view(7)])).toEqual([view(7)]);
    expect(await once.admit('192.0.2.9', day, [view(7)])).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0])).not.toContain('192.0.2');
    errors.mockRestore();
  });

  it('is the one chosen when REDIS_URL is set; memory otherwise', async () => {
    const shared = await openStatsOnce({ redisUrl: REDIS_URL, keyPrefix: KEY_PREFIX });
    expect(shared).toBeInstanceOf(RedisStatsOnce);
    await shared.close();
    expect(await openStatsOnce({})).toBeInstanceOf(MemoryStatsOnce);
  });
});
