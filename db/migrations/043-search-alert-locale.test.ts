// Migration 043 on SQLite and PostgreSQL: alerts made before it notify in Spanish, a new one keeps its language, and
// down and up again keep the rows. Run on a database migrated to the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { down, up } from './043-search-alert-locale.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const row = (filter: string) => ({
  endpoint: 'https://fcm.googleapis.com/fcm/send/m043',
  p256dh: `B${'a'.repeat(86)}`,
  auth: 'a'.repeat(22),
  filter,
  created_at: new Date(),
  announced_until: new Date(),
});

describe('043-search-alert-locale', () => {
  it('gives the alerts already made Spanish, and keeps the language of a new one', async () => {
    await down(t.db);
    expect(await t.db.schema.hasColumn('push_subscriptions', 'locale')).toBe(false);
    await t.db('push_subscriptions').insert(row('zona=palermo'));
    await up(t.db);
    await t.db('push_subscriptions').insert({ ...row('zona=recoleta'), locale: 'pt' });
    const locales = await t.db('push_subscriptions').orderBy('id').select('filter', 'locale');
    expect(locales).toEqual([
      { filter: 'zona=palermo', locale: 'es' },
      { filter: 'zona=recoleta', locale: 'pt' },
    ]);
    await t.db('push_subscriptions').delete();
  });
});
