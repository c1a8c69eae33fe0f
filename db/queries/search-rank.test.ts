// What VIP promises (docs/decisions and the plans page): VIP ads before every other ad of their category, taking
// turns at #1 so that each is first on the same share of days; Premium next, taking turns the same way; every VIP
// on the home strip every day, in an order that rotates. Simulated over 30 days on the stored ranks. The other tiers'
// turns within a day are fair-exposure.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { searchAds } from './search-ads.ts';
import { vipAds } from './vip-ads.ts';
import { daysSinceEpochInBuenosAires } from '#shared/dates.ts';
import { refreshSearchRanks } from './search-rank.ts';
import { ROTATION_WINDOW_MS } from '#shared/ranking.ts';

const DAY = 86_400_000;
// 15:00 in Buenos Aires; the plans below last past the 30 simulated days.
const START = new Date('2026-06-17T18:00:00Z');
const days = Array.from({ length: 30 }, (_, d) => new Date(START.getTime() + d * DAY));
const PLAN_END = new Date(START.getTime() + 60 * DAY);

let t: TestDb;
const vips: number[] = [];
const premiums: number[] = [];
const free: number[] = [];
const otherVips: number[] = [];

const categoryOrder = async (now: Date) =>
  (await searchAds(t.db, parseSearchParams(new URLSearchParams('categoria=trans')), now)).ads.map((a) => a.id);
const kind = (id: number) => (vips.includes(id) ? 'vip' : premiums.includes(id) ? 'premium' : 'gratuito');
const tally = (ids: number[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<number, number>());

beforeAll(async () => {
  t = await createTestDb();
  const advertiser = await insertAdvertiser(t.db);
  // Nine ads, one page of results. Interleaved ids, so that no plan owns a block of them.
  for (let i = 0; i < 3; i++) {
    free.push(await insertAd(t.db, advertiser, { category: 'trans', title: `Gratuito ${i}` }));
    vips.push(await insertAd(t.db, advertiser, { category: 'trans', title: `VIP ${i}`, plan: 'vip', planExpiresAt: PLAN_END }));
    if (i < 2)
      premiums.push(
        await insertAd(t.db, advertiser, { category: 'trans', title: `Premium ${i}`, plan: 'premium', planExpiresAt: PLAN_END }),
      );
  }
  // Neither a paused VIP nor an expired one takes a turn.
  await insertAd(t.db, advertiser, { category: 'trans', title: 'VIP pausado', plan: 'vip', planExpiresAt: PLAN_END, state: 'paused' });
  free.push(
    await insertAd(t.db, advertiser, {
      category: 'trans',
      title: 'VIP vencido',
      plan: 'vip',
      planExpiresAt: new Date(START.getTime() - DAY),
    }),
  );
  // More VIPs elsewhere than the strip used to hold (12).
  for (let i = 0; i < 12; i++) {
    otherVips.push(
      await insertAd(t.db, advertiser, {
        category: i % 2 ? 'masajes' : 'escorts',
        title: `Otro VIP ${i}`,
        plan: 'vip',
        planExpiresAt: PLAN_END,
      }),
    );
  }
});
afterAll(() => t.destroy());

describe('the default order of a category over 30 days', () => {
  it('puts every VIP before everything else, then Premium, and gives each the first place on as many days', async () => {
    const vipFirsts: number[] = [];
    const premiumFirsts: number[] = [];
    for (const day of days) {
      await refreshSearchRanks(t.db, day);
      const order = await categoryOrder(day);
      expect(order.map(kind)).toEqual(['vip', 'vip', 'vip', 'premium', 'premium', 'gratuito', 'gratuito', 'gratuito', 'gratuito']);
      vipFirsts.push(order[0]!);
      premiumFirsts.push(order[3]!);
    }
    expect([...tally(vipFirsts).entries()].sort()).toEqual(vips.map((id) => [id, 10]).sort());
    expect([...tally(premiumFirsts).entries()].sort()).toEqual(premiums.map((id) => [id, 15]).sort());
    // Each VIP is first once in any three days running.
    for (let d = 0; d + 3 <= 30; d++) expect(new Set(vipFirsts.slice(d, d + 3)).size).toBe(3);
  });

  it('keeps a VIP first the whole day while the other tiers turn every window (decision 064)', async () => {
    const day = days[5]!;
    const windows = [-15, -9, -3, 0, 2, 6].map((n) => new Date(day.getTime() + n * ROTATION_WINDOW_MS));
    const orders = [];
    for (const at of windows) {
      await refreshSearchRanks(t.db, at);
      orders.push(await categoryOrder(at));
    }
    expect(new Set(orders.map((order) => order.slice(0, 3).join(','))).size).toBe(1);
    expect(new Set(orders.map((order) => order.slice(3, 5).join(',') + ' ' + order.slice(5).join(','))).size).toBeGreaterThan(1);
  });

  it('keeps the turns fair after a VIP leaves, with no refresh but the daily one', async () => {
    await refreshSearchRanks(t.db, START);
    // Marked by the database; the next reading of the order applies it (docs/decisions/050-ranking.md).
    await t.db('ads').where('id', vips[2]).update({ state: 'paused' });
    const firsts: number[] = [];
    for (const day of days.slice(0, 10)) {
      if (day !== days[0]) await refreshSearchRanks(t.db, day);
      const order = await categoryOrder(day);
      expect(order.slice(0, 2).map(kind)).toEqual(['vip', 'vip']);
      firsts.push(order[0]!);
    }
    expect([...tally(firsts).values()]).toEqual([5, 5]);
    await t.db('ads').where('id', vips[2]).update({ state: 'published' });
    expect((await categoryOrder(START)).slice(0, 3).map(kind)).toEqual(['vip', 'vip', 'vip']);
  });

  it('writes only the ranks that changed', async () => {
    await refreshSearchRanks(t.db, START);
    expect(await refreshSearchRanks(t.db, START)).toBe(0);
    expect(await refreshSearchRanks(t.db, days[1])).toBeGreaterThan(0);
  });
});

describe('the home strip over 30 days', () => {
  it('lists every VIP every day, in an order that rotates', async () => {
    const all = [...vips, ...otherVips].sort();
    const firsts: number[] = [];
    for (const day of days) {
      await refreshSearchRanks(t.db, day);
      const strip = (await vipAds(t.db, {}, day)).map((a) => a.id);
      expect([...strip].sort()).toEqual(all);
      firsts.push(strip[0]!);
    }
    // 15 VIPs over 30 days: each opens the strip twice.
    expect([...tally(firsts).values()]).toEqual(all.map(() => 2));
  });

  it('gives the strip in parts: consecutive offsets put together are the whole turn, and past the end nothing', async () => {
    const day = days[3]!;
    await refreshSearchRanks(t.db, day);
    const whole = (await vipAds(t.db, {}, day)).map((a) => a.id);
    const parts: number[] = [];
    for (let offset = 0; offset < whole.length; offset += 4)
      parts.push(...(await vipAds(t.db, { offset, limit: 4 }, day)).map((a) => a.id));
    expect(parts).toEqual(whole);
    expect(await vipAds(t.db, { offset: whole.length, limit: 4 }, day)).toEqual([]);
    // Read the next morning, the parts still continue the turn of the day the strip was shown.
    const nextDay = days[4]!;
    const dayNumber = daysSinceEpochInBuenosAires(day);
    const later = (await vipAds(t.db, { offset: 4, limit: 4, day: dayNumber }, nextDay)).map((a) => a.id);
    expect(later).toEqual(whole.slice(4, 8));
  });
});
