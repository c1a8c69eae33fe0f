// Fair exposure (docs/decisions/064-fair-exposure.md), simulated on the stored ranks as the scheduled refresh writes
// them every rotation window: within a plan tier every ad gets the same share of first-page appearances over a day;
// a visitor going from page 1 to page 2 as the order turns sees no ad twice; "Disponible ahora" lifts an ad within
// its tier for the first hour of its window only. The VIP promise over 30 days is search-rank.test.ts's. SQLite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { createRandom, insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { RESULTS_PER_PAGE } from '#shared/catalogue.ts';
import { ROTATION_WINDOW_MS, WINDOWS_PER_DAY, rotationWindowAt } from '#shared/ranking.ts';
import { CatalogueIndex } from '#db/search/catalogue-index.ts';
import { readCatalogVersion } from './catalog-version.ts';
import { searchAds } from './search-ads.ts';
import { loadIndexRows } from './search-index-rows.ts';
import { readRotationWindow, refreshSearchRanks } from './search-rank.ts';

// Midnight in Buenos Aires: the first window of a day. The plans last past every simulated day.
const DAY_START = new Date('2026-06-17T03:00:00Z');
const PLAN_END = new Date(DAY_START.getTime() + 60 * 86_400_000);
const windowStart = (w: number) => new Date(DAY_START.getTime() + w * ROTATION_WINDOW_MS);

let t: TestDb;
/** 50 Premium ads in masajes, 50 Gratuito ads in escorts, 15 Gratuito ads in trans (fewer than two pages). */
const premium: number[] = [];
const free: number[] = [];
const few: number[] = [];

const search = async (query: string, now: Date, index: CatalogueIndex | null = null) =>
  await searchAds(t.db, parseSearchParams(new URLSearchParams(query)), now, index);
const ids = async (query: string, now: Date, index: CatalogueIndex | null = null) => (await search(query, now, index)).ads.map((a) => a.id);

beforeAll(async () => {
  t = await createTestDb();
  const advertiser = await insertAdvertiser(t.db);
  for (let i = 0; i < 50; i++) {
    premium.push(
      await insertAd(t.db, advertiser, { category: 'masajes', title: `Premium ${i}`, plan: 'premium', planExpiresAt: PLAN_END }),
    );
    free.push(await insertAd(t.db, advertiser, { category: 'escorts', title: `Gratuito ${i}` }));
    if (i < 15) few.push(await insertAd(t.db, advertiser, { category: 'trans', title: `Pocos ${i}` }));
  }
  // A VIP over the Premium ads: the tier above takes its place first and the shares are those of the rest.
  await insertAd(t.db, advertiser, { category: 'masajes', title: 'VIP', plan: 'vip', planExpiresAt: PLAN_END });
});
afterAll(() => t.destroy());

describe('first-page appearances within a tier over a day', () => {
  // Each window's first page, as the scheduled refresh leaves the ranks at its start.
  const firstPages = { premium: [] as number[][], free: [] as number[][] };

  it(
    'are the same share for each of 50 ads (±10 % of the mean over 10,000 searches), Premium and Gratuito',
    { timeout: 120_000 },
    async () => {
      for (let w = 0; w < WINDOWS_PER_DAY; w++) {
        await refreshSearchRanks(t.db, windowStart(w));
        firstPages.premium.push(await ids('categoria=masajes', windowStart(w)));
        firstPages.free.push(await ids('categoria=escorts', windowStart(w)));
      }
      // 10,000 searches at random moments of the day.
      const rand = createRandom(64);
      for (const [tier, ads] of [
        ['premium', premium],
        ['free', free],
      ] as const) {
        const seen = new Map(ads.map((id) => [id, 0]));
        for (let i = 0; i < 10_000; i++) {
          for (const id of firstPages[tier][rand.int(0, WINDOWS_PER_DAY - 1)]!) if (seen.has(id)) seen.set(id, seen.get(id)! + 1);
        }
        const counts = [...seen.values()];
        const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
        expect(mean, tier).toBeGreaterThan(0);
        for (const [id, count] of seen)
          expect(Math.abs(count - mean) / mean, `${tier} ad ${id}: ${count} against ${mean}`).toBeLessThanOrEqual(0.1);
      }
    },
  );

  it('change during the day: no first page lasts it, and every ad of the tier has one', () => {
    expect(new Set(firstPages.free.filter((_, w) => w % 6 === 0).map((page) => page.join(','))).size).toBe(WINDOWS_PER_DAY / 6);
    expect([...new Set(firstPages.free.flat())].sort()).toEqual([...free].sort());
    expect([...new Set(firstPages.premium.flat().filter((id) => premium.includes(id)))].sort()).toEqual([...premium].sort());
  });
});

describe('from page 1 to page 2 as the order turns', () => {
  it('never shows an ad twice: page 2 names the window of page 1 and follows its order, through SQL and the index', async () => {
    let naiveRepeats = 0;
    // Every fourth window's turn, from midnight round the day.
    for (let w = 0; w < WINDOWS_PER_DAY; w += 4) {
      await refreshSearchRanks(t.db, windowStart(w));
      const window = await readRotationWindow(t.db);
      expect(window).toBe(rotationWindowAt(windowStart(w)).window);
      const before = [];
      for (const category of ['escorts', 'trans']) {
        const first = await search(`categoria=${category}`, windowStart(w));
        expect(first.rotationWindow).toBe(window);
        before.push({
          category,
          page1: first.ads.map((a) => a.id),
          page2: await ids(`categoria=${category}&pagina=2&turno=${window}`, windowStart(w)),
        });
      }
      // Ten minutes later the order has turned (the next window's refresh has run).
      const later = windowStart(w + 1);
      await refreshSearchRanks(t.db, later);
      const index = await CatalogueIndex.build(await loadIndexRows(t.db, later), await readCatalogVersion(t.db, later), window + 1);
      for (const { category, page1, page2 } of before) {
        for (const source of [null, index]) {
          const followed = await search(`categoria=${category}&pagina=2&turno=${window}`, later, source);
          expect(followed.ads.map((a) => a.id)).toEqual(page2);
          expect(followed.rotationWindow).toBe(window);
          expect(page1.filter((id) => followed.ads.some((a) => a.id === id))).toEqual([]);
        }
        // Without the window named, the small search's page 2 would repeat the ad that turned past the end.
        const naive = await ids(`categoria=${category}&pagina=2`, later);
        if (naive.some((id) => page1.includes(id))) naiveRepeats += 1;
      }
    }
    expect(naiveRepeats).toBeGreaterThan(0);
  }, 120_000);

  it('follows the current order when the named window is not the previous one (an old or a made-up link)', async () => {
    await refreshSearchRanks(t.db, windowStart(10));
    const window = await readRotationWindow(t.db);
    const current = await ids('categoria=escorts&pagina=2', windowStart(10));
    for (const turno of [window, window - 2, window + 1, 1]) {
      const found = await search(`categoria=escorts&pagina=2&turno=${turno}`, windowStart(10));
      expect(found.ads.map((a) => a.id)).toEqual(current);
      expect(found.rotationWindow).toBe(window);
    }
  });
});

describe('the rotation window', () => {
  it('raises the catalog version when it changes, so that cached pages and the index name the new one', async () => {
    await refreshSearchRanks(t.db, windowStart(20));
    const version = await readCatalogVersion(t.db, windowStart(20));
    await refreshSearchRanks(t.db, windowStart(20));
    expect(await readCatalogVersion(t.db, windowStart(20))).toBe(version);
    await refreshSearchRanks(t.db, new Date(windowStart(21).getTime() + 60_000));
    expect(await readRotationWindow(t.db)).toBe(rotationWindowAt(windowStart(21)).window);
    expect(await readCatalogVersion(t.db, windowStart(21))).toBeGreaterThan(version);
  });
});

describe('"Disponible ahora"', () => {
  it('lifts an ad to the front of its tier for the first hour of its window only, through SQL and the index', async () => {
    const now = windowStart(30);
    await refreshSearchRanks(t.db, now);
    const before = await ids('categoria=escorts', now);
    const [fresh, old] = free.filter((id) => !before.includes(id));
    const window = (adId: number, startedMinutesAgo: number) => ({
      ad_id: adId,
      kind: 'available',
      starts_at: new Date(now.getTime() - startedMinutesAgo * 60_000),
      ends_at: new Date(now.getTime() + 60 * 60_000),
      created_at: new Date(now.getTime() - startedMinutesAgo * 60_000),
    });
    await t.db('availability_windows').insert([window(fresh!, 10), window(old!, 61)]);
    const index = await CatalogueIndex.build(
      await loadIndexRows(t.db, now),
      await readCatalogVersion(t.db, now),
      rotationWindowAt(now).window,
    );
    for (const source of [null, index]) {
      const page = await ids('categoria=escorts', now, source);
      expect(page[0]).toBe(fresh);
      expect(page).not.toContain(old);
      expect(page.slice(1)).toEqual(before.slice(0, RESULTS_PER_PAGE - 1));
      // Fifty minutes on, its hour is over: back to its place in the turns, the badge still on.
      const later = new Date(now.getTime() + 50 * 60_000);
      expect(await ids('categoria=escorts', later, source)).not.toContain(fresh);
    }
    await t.db('availability_windows').whereIn('ad_id', [fresh!, old!]).delete();
  });
});
