import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { AdStatsCounter, isCountedVisit } from './ad-stats.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const totals = async (id: number) => {
  const row = await t.db('ads').where('id', id).first();
  return { views: Number(row.view_count), contacts: Number(row.phone_reveals) };
};
const daily = async (id: number) =>
  (await t.db('ad_daily_stats').where('ad_id', id).orderBy('day')).map((r) => ({
    day: r.day,
    impressions: Number(r.impressions),
    views: Number(r.views),
    phoneReveals: Number(r.phone_reveals),
    whatsappOpens: Number(r.whatsapp_opens),
  }));

describe('AdStatsCounter', () => {
  it("adds up each ad's counts per Buenos Aires day, once per source, and writes them with the running totals", async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [a, b] = [await insertAd(t.db, advertiser), await insertAd(t.db, advertiser)];
    const before = await totals(a);
    // 23:59:30 in Buenos Aires (UTC-3) on 10 March, then 00:00:30 on the 11th.
    let now = Date.parse('2026-03-11T02:59:30Z');
    const counter = new AdStatsCounter(t.db, { flushEveryMs: 60_000, now: () => now });
    counter.countPage({ listed: [a, b], viewed: null }, '192.0.2.1');
    counter.countPage({ listed: [], viewed: a }, '192.0.2.1');
    counter.count(a, 'phoneReveals', '192.0.2.1');
    await counter.flush();
    now += 60_000;
    // A new day: the same source counts again.
    counter.countPage({ listed: [a], viewed: null }, '192.0.2.1');
    counter.count(a, 'whatsappOpens', '192.0.2.1');
    counter.count(a, 'views', '192.0.2.1');
    counter.count(a, 'views', '192.0.2.2');
    await counter.flush();
    // A second write to the same day adds to it; a source already counted today adds nothing.
    counter.count(a, 'views', '192.0.2.3');
    counter.count(a, 'views', '192.0.2.1');
    await counter.flush();
    expect(await daily(a)).toEqual([
      { day: '2026-03-10', impressions: 1, views: 1, phoneReveals: 1, whatsappOpens: 0 },
      { day: '2026-03-11', impressions: 1, views: 3, phoneReveals: 0, whatsappOpens: 1 },
    ]);
    expect(await daily(b)).toEqual([{ day: '2026-03-10', impressions: 1, views: 0, phoneReveals: 0, whatsappOpens: 0 }]);
    expect(await totals(a)).toEqual({ views: before.views + 4, contacts: before.contacts + 2 });
    await counter.close();
  });

  it('keeps counts whose write failed for the next one, and drops those of ads deleted meanwhile', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [a, gone] = [await insertAd(t.db, advertiser), await insertAd(t.db, advertiser)];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let away = true;
    const flaky = new Proxy(t.db, {
      get: (target, prop) =>
        prop === 'transaction' && away ? () => Promise.reject(new Error('database away')) : Reflect.get(target, prop, target),
    });
    const counter = new AdStatsCounter(flaky, { flushEveryMs: 60_000 });
    counter.count(a, 'views', '192.0.2.1');
    counter.count(gone, 'views', '192.0.2.1');
    await counter.flush();
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
    expect(await daily(a)).toEqual([]);
    await t.db('ads').where('id', gone).delete();
    away = false;
    await counter.close();
    expect((await daily(a)).map((r) => r.views)).toEqual([1]);
    expect(await t.db('ad_daily_stats').where('ad_id', gone)).toEqual([]);
  });
});

describe('isCountedVisit', () => {
  const browser =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
  it('counts browsers, not bots, scripts without an agent or prefetches', () => {
    expect(isCountedVisit({ 'user-agent': browser })).toBe(true);
    expect(isCountedVisit({ 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' })).toBe(false);
    expect(isCountedVisit({})).toBe(false);
    expect(isCountedVisit({ 'user-agent': browser, 'sec-purpose': 'prefetch;prerender' })).toBe(false);
    expect(isCountedVisit({ 'user-agent': browser, purpose: 'prefetch' })).toBe(false);
  });
});
