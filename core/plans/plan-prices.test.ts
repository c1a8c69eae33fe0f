// The plans page's prices are the ones staff last saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { setPlanPrices } from '#db/queries/settings.ts';
import { planPrices } from './plan-prices.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('planPrices', () => {
  it('reads the prices in force, and a new price at once', async () => {
    expect(await planPrices(t.db)).toEqual({ premium: expect.any(Number), vip: expect.any(Number) });
    await setPlanPrices(t.db, { premium: 17_500, vip: 42_000 });
    expect(await planPrices(t.db)).toEqual({ premium: 17_500, vip: 42_000 });
  });
});
