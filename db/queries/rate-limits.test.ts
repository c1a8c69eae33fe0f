// The shared budgets' table on both databases: the hourly cleanup removes the rows whose window has ended and keeps
// the others (on PostgreSQL the store writes them; db/queries/rate-limits.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { deleteExpiredRateLimits } from './rate-limits.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.destroy();
});

describe('deleteExpiredRateLimits', () => {
  it('removes the rows whose window ended before now and keeps the live ones', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    await t.db('rate_limits').insert([
      { key: 'velada:login:ended', points: 7, expire: now.getTime() - 1 },
      { key: 'velada:login:live', points: 3, expire: now.getTime() + 60_000 },
    ]);
    expect(await deleteExpiredRateLimits(t.db, now)).toBe(1);
    expect(await t.db('rate_limits').pluck('key')).toEqual(['velada:login:live']);
  });
});
