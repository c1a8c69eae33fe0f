import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { AdViewCounter } from './ad-views.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const views = async (id: number) => Number((await t.db('ads').where('id', id).first()).view_count);

it('adds up the views of each ad and writes them in one go; a failed write keeps them for the next', async () => {
  const advertiser = await insertAdvertiser(t.db);
  const [a, b] = [await insertAd(t.db, advertiser), await insertAd(t.db, advertiser)];
  const before = [await views(a), await views(b)];
  const counter = new AdViewCounter(t.db, 60_000);
  for (let i = 0; i < 5; i++) counter.count(a);
  counter.count(b);
  await counter.flush();
  expect([await views(a), await views(b)]).toEqual([before[0]! + 5, before[1]! + 1]);

  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  let away = true;
  const flaky = new Proxy(t.db, {
    get: (target, prop) =>
      prop === 'transaction' && away ? () => Promise.reject(new Error('database away')) : Reflect.get(target, prop, target),
  });
  const kept = new AdViewCounter(flaky, 60_000);
  kept.count(a);
  await kept.flush();
  expect(errors).toHaveBeenCalledTimes(1);
  errors.mockRestore();
  expect(await views(a)).toBe(before[0]! + 5);
  away = false;
  await kept.close();
  expect(await views(a)).toBe(before[0]! + 6);
  await counter.close();
});
