// Migration 033 on SQLite and PostgreSQL: one search is unique per endpoint and auth secret (two secrets under one
// endpoint keep their own alerts), and each row starts with no failures. Down keeps the newest row of each pair.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { down, up } from './033-push-subscription-owners.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const row = (auth: string, filter = 'zona=palermo') => ({
  endpoint: 'https://fcm.googleapis.com/fcm/send/m033',
  p256dh: `B${'a'.repeat(86)}`,
  auth,
  filter,
  created_at: new Date(),
  announced_until: new Date(),
});

describe('033-push-subscription-owners', () => {
  it('makes a search unique per endpoint and secret, with a failure count from zero, and back', async () => {
    await t.db('push_subscriptions').insert([row('a'.repeat(22)), row('b'.repeat(22))]);
    await expect(t.db('push_subscriptions').insert(row('a'.repeat(22)))).rejects.toThrow();
    const failures = await t.db('push_subscriptions').pluck('send_failures');
    expect(failures.map(Number)).toEqual([0, 0]);

    await down(t.db);
    expect(await t.db('push_subscriptions').pluck('auth')).toEqual(['b'.repeat(22)]);
    await expect(t.db('push_subscriptions').insert(row('c'.repeat(22)))).rejects.toThrow();
    await up(t.db);
    await t.db('push_subscriptions').insert(row('c'.repeat(22)));
    expect(Number((await t.db('push_subscriptions').count({ n: '*' }).first())?.n)).toBe(2);
  });
});
