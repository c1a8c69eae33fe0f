// The public search's one door: pages of presented cards (public fields only, instants as ISO strings), the
// promotional banner's VIP of each page, and the same answer whether the in-memory index or the database answers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { CatalogueIndex } from '#db/search/catalogue-index.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { startAvailableWindow } from '#core/own-ads/available-now.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { RESULTS_PER_PAGE } from '#shared/catalogue.ts';
import { buenosAiresDate } from '#shared/dates.ts';
import { searchResults } from './search-results.ts';

let t: TestDb;
let advertiser: number;
const vips: number[] = [];
let otherVip: number;
let available: number;
const PLAN_END = new Date(Date.now() + 60 * 86_400_000);
const filtersOf = (query: string) => parseSearchParams(new URLSearchParams(query));

const CARD_FIELDS = [
  'age',
  'availableUntil',
  'barrio',
  'category',
  'excerpt',
  'hasRates',
  'hourlyRatesDiffer',
  'id',
  'image',
  'photosVerified',
  'photosVerifiedAt',
  'plan',
  'pricePerHour',
  'slug',
  'title',
];

beforeAll(async () => {
  t = await createTestDb();
  advertiser = await insertAdvertiser(t.db, { birthDate: '1990-05-20' });
  for (let i = 0; i < RESULTS_PER_PAGE + 2; i++) {
    await insertAd(t.db, advertiser, { category: 'trans', title: `Gratuito ${i}`, phone: '+5491144447777' });
  }
  for (let i = 0; i < 2; i++) {
    vips.push(await insertAd(t.db, advertiser, { category: 'trans', title: `VIP ${i}`, plan: 'vip', planExpiresAt: PLAN_END }));
  }
  otherVip = await insertAd(t.db, advertiser, {
    category: 'escorts',
    title: 'VIP de otra categoría',
    plan: 'vip',
    planExpiresAt: PLAN_END,
  });
  available = await insertAd(t.db, advertiser, { category: 'escorts', title: 'Disponible ya' });
  await insertAd(t.db, advertiser, { category: 'trans', title: 'Pausado', state: 'paused' });
  await startAvailableWindow(t.db, advertiser, available, 2);
});
afterAll(() => t.destroy());

describe('searchResults', () => {
  it('counts and pages the published ads of a search', async () => {
    const first = await searchResults(t.db, filtersOf('categoria=trans'));
    expect(first).toMatchObject({ total: RESULTS_PER_PAGE + 4, page: 1, pages: 2 });
    expect(first.ads).toHaveLength(RESULTS_PER_PAGE);
    const second = await searchResults(t.db, filtersOf('categoria=trans&pagina=2'));
    expect(second).toMatchObject({ page: 2, pages: 2 });
    expect(second.ads).toHaveLength(4);
    expect([...first.ads, ...second.ads].map((a) => a.title)).not.toContain('Pausado');
  });

  it('gives cards with the public fields only, instants as ISO strings, and never a phone', async () => {
    const { ads } = await searchResults(t.db, filtersOf('q=disponible'));
    expect(ads).toHaveLength(1);
    const [card] = ads;
    expect(Object.keys(card!).sort()).toEqual(CARD_FIELDS);
    expect(card).toMatchObject({ id: available, title: 'Disponible ya', age: expect.any(Number), plan: 'gratuito' });
    expect(card!.availableUntil).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const all = await searchResults(t.db, filtersOf('categoria=trans'));
    expect(JSON.stringify(all)).not.toContain('44447777');
    expect(all.ads.every((a) => a.availableUntil === null)).toBe(true);
  });

  it("shows a VIP of the search's category in the banner, the next one on each page", async () => {
    const first = await searchResults(t.db, filtersOf('categoria=trans'));
    const second = await searchResults(t.db, filtersOf('categoria=trans&pagina=2'));
    expect([first.promo!.id, second.promo!.id].sort()).toEqual([...vips].sort());
    expect(Object.keys(first.promo!).sort()).toEqual(CARD_FIELDS);
    // Any category's VIP without a category.
    const any = await searchResults(t.db, filtersOf(''));
    expect([...vips, otherVip]).toContain(any.promo!.id);
    // None when the category has no VIP.
    expect((await searchResults(t.db, filtersOf('categoria=masajes'))).promo).toBeNull();
  });

  it('answers the same from the in-memory index, which keeps the banner for the day', async () => {
    const now = new Date();
    const index = await CatalogueIndex.build(await loadIndexRows(t.db, now), await readCatalogVersion(t.db));
    const remember = vi.spyOn(index, 'remember');
    for (const query of ['categoria=trans', 'categoria=trans&pagina=2', 'q=disponible', 'orden=recientes']) {
      const fromIndex = await searchResults(t.db, filtersOf(query), { searchIndex: { current: async () => index }, now });
      expect(fromIndex, query).toEqual(await searchResults(t.db, filtersOf(query), { now }));
    }
    expect(remember).toHaveBeenCalledWith(`promos trans ${buenosAiresDate(now)}`, expect.any(Function));
    // An index not (yet) of the version in force: the database answers.
    const stale = await searchResults(t.db, filtersOf('categoria=trans'), { searchIndex: { current: async () => null }, now });
    expect(stale.total).toBe(RESULTS_PER_PAGE + 4);
  });
});
