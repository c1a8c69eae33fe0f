// The home's featured strip a part at a time: every VIP once over the parts, the next part's place, the day kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { FEATURED_PART } from '#shared/featured.ts';
import { daysSinceEpochInBuenosAires } from '#shared/dates.ts';
import { featuredPart } from './featured-ads.ts';

let t: TestDb;
const vips: number[] = [];

beforeAll(async () => {
  t = await createTestDb();
  const advertiser = await insertAdvertiser(t.db);
  const planEnd = new Date(Date.now() + 60 * 86_400_000);
  for (let i = 0; i < FEATURED_PART + 2; i++) {
    vips.push(await insertAd(t.db, advertiser, { title: `VIP ${i}`, plan: 'vip', planExpiresAt: planEnd }));
  }
  await insertAd(t.db, advertiser, { title: 'Gratuito' });
  await insertAd(t.db, advertiser, { title: 'VIP vencido', plan: 'vip', planExpiresAt: new Date(Date.now() - 86_400_000) });
});
afterAll(() => t.destroy());

describe('featuredPart', () => {
  it("gives today's turn a part at a time, each VIP once, and where the next part starts", async () => {
    const now = new Date();
    const first = await featuredPart(t.db, {}, now);
    expect(first.day).toBe(daysSinceEpochInBuenosAires(now));
    expect(first.ads).toHaveLength(FEATURED_PART);
    expect(first.next).toBe(FEATURED_PART);
    const second = await featuredPart(t.db, { offset: first.next!, day: first.day }, now);
    expect(second.ads).toHaveLength(2);
    expect(second.next).toBeNull();
    expect([...first.ads, ...second.ads].map((a) => a.id).sort()).toEqual([...vips].sort());
    expect(first.ads.every((a) => a.plan === 'vip' && !('publishedAt' in a))).toBe(true);
  });

  it('keeps the day the visitor started reading, and past the end gives nothing', async () => {
    const now = new Date();
    const yesterday = daysSinceEpochInBuenosAires(now) - 1;
    const part = await featuredPart(t.db, { day: yesterday }, now);
    expect(part.day).toBe(yesterday);
    expect(await featuredPart(t.db, { offset: vips.length, day: yesterday }, now)).toEqual({ ads: [], next: null, day: yesterday });
  });
});
