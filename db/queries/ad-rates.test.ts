// Rates and the price per hour on SQLite and PostgreSQL: the price is always the lowest 1-hour rate, whatever path
// wrote the rates, and both search implementations (SQL and the in-memory index) filter and sort by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { createRandom, demoAdInput, insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { PRICE_RANGES } from '#shared/catalogue.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { CatalogueIndex } from '#db/search/catalogue-index.ts';
import { loadIndexRows } from './search-index-rows.ts';
import { readCatalogVersion } from './catalog-version.ts';
import { searchAds } from './search-ads.ts';
import { findPublicAd } from './ad-page.ts';
import { ratesOfAd, saveAdRates } from './ad-rates.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

/** Ads whose price per hour is not the lowest of their 1-hour rates (null for none). */
async function pricesOutOfStep(db: Knex): Promise<number[]> {
  const lowest = db('ad_rates').whereRaw('ad_rates.ad_id = ads.id').where('duration', '1h').min('amount');
  return db('ads').whereRaw(`coalesce(ads.price_per_hour, -1) <> coalesce((${lowest.toQuery()}), -1)`).pluck('id');
}

describe('saveAdRates', () => {
  it('replaces the rates and sets the price per hour from what it wrote', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, advertiser, { services: ['presencial', 'hotel'], rates: { propio: { '1h': 30000 } } });
    await t.db.transaction((trx) => saveAdRates(trx, id, { propio: { '30min': 9000, '1h': 16000 }, hotel: { '1h': 14000, noche: 70000 } }));
    expect(await ratesOfAd(t.db, id)).toEqual({ propio: { '30min': 9000, '1h': 16000 }, hotel: { '1h': 14000, noche: 70000 } });
    expect(Number((await t.db('ads').where('id', id).first()).price_per_hour)).toBe(14000);
    await t.db.transaction((trx) => saveAdRates(trx, id, { hotel: { noche: 70000 } }));
    expect(await ratesOfAd(t.db, id)).toEqual({ hotel: { noche: 70000 } });
    expect((await t.db('ads').where('id', id).first()).price_per_hour).toBeNull();
  });

  it('keeps the price in step on every path that writes rates: demo ads and test ads alike', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const rand = createRandom(31);
    for (let i = 0; i < 40; i++) await insertAd(t.db, advertiser, demoAdInput(rand, new Date()));
    // Test ads given only a price get it as the 1-hour rate of their first place.
    const priced = await insertAd(t.db, advertiser, { services: ['hotel'], pricePerHour: 12000 });
    expect(await ratesOfAd(t.db, priced)).toEqual({ hotel: { '1h': 12000 } });
    expect(await pricesOutOfStep(t.db)).toEqual([]);
    // The check itself sees a price that drifted.
    await t.db('ads').where('id', priced).update({ price_per_hour: 12500 });
    expect(await pricesOutOfStep(t.db)).toEqual([priced]);
    await t.db('ads').where('id', priced).delete();
  });
});

describe('search by the 1-hour rate', () => {
  let db: TestDb;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    db = await createTestDb();
    const advertiser = await insertAdvertiser(db.db);
    const ad = (title: string, services: ('presencial' | 'domicilio' | 'hotel')[], rates: Parameters<typeof saveAdRates>[2]) =>
      insertAd(db.db, advertiser, { title, services, rates }).then((id) => (ids[title] = id));
    // Each one's other durations would put it in another bucket, or elsewhere in the order.
    await ad('Media hora barata', ['presencial'], { propio: { '30min': 3000, '1h': 12000 } });
    await ad('Noche cara', ['presencial'], { propio: { '1h': 4000, noche: 150000 } });
    await ad('Hotel más barato', ['presencial', 'hotel'], { propio: { '1h': 25000 }, hotel: { '1h': 8000 } });
    await ad('Domicilio caro', ['domicilio'], { domicilio: { '30min': 9000, '1h': 21000, '2h': 19000 } });
    await ad('Solo dos horas', ['presencial'], { propio: { '2h': 15000 } });
  });
  afterAll(() => db.destroy());

  async function bothWays(query: string): Promise<string[]> {
    const filters = parseSearchParams(new URLSearchParams(query));
    const index = await CatalogueIndex.build(await loadIndexRows(db.db), await readCatalogVersion(db.db));
    const [sql, fromIndex] = await Promise.all([searchAds(db.db, filters), searchAds(db.db, filters, new Date(), index)]);
    expect(index.answers(filters), query).toBe(true);
    expect(fromIndex, query).toEqual(sql);
    const titles = new Map(Object.entries(ids).map(([title, id]) => [id, title]));
    return sql.ads.map((a) => titles.get(a.id)!);
  }

  it('puts each ad in the price bucket of its lowest 1-hour rate, on SQL and on the index', async () => {
    const buckets = Object.fromEntries(
      await Promise.all(PRICE_RANGES.map(async (r) => [r.value, (await bothWays(`precio=${encodeURIComponent(r.value)}`)).sort()])),
    );
    expect(buckets).toEqual({
      '0-5000': ['Noche cara'],
      '5000-10000': ['Hotel más barato'],
      '10000-20000': ['Media hora barata'],
      '20000+': ['Domicilio caro'],
    });
  });

  it('sorts by the lowest 1-hour rate both ways, ads without one last, on SQL and on the index', async () => {
    expect(await bothWays('orden=precio-menor')).toEqual([
      'Noche cara',
      'Hotel más barato',
      'Media hora barata',
      'Domicilio caro',
      'Solo dos horas',
    ]);
    expect(await bothWays('orden=precio-mayor')).toEqual([
      'Domicilio caro',
      'Media hora barata',
      'Hotel más barato',
      'Noche cara',
      'Solo dos horas',
    ]);
  });

  it('gives cards one price, saying when places differ and when there are rates without a 1-hour one', async () => {
    const cards = (await searchAds(db.db, parseSearchParams(new URLSearchParams('orden=precio-menor')))).ads;
    expect(cards.map((c) => [c.pricePerHour, c.hourlyRatesDiffer, c.hasRates])).toEqual([
      [4000, false, true],
      [8000, true, true],
      [12000, false, true],
      [21000, false, true],
      [null, false, true],
    ]);
  });

  it("gives the ad page the whole table and the ad's services", async () => {
    const ad = await findPublicAd(db.db, ids['Hotel más barato']!);
    expect(ad).toMatchObject({
      pricePerHour: 8000,
      rates: { propio: { '1h': 25000 }, hotel: { '1h': 8000 } },
      services: ['presencial', 'hotel'],
    });
  });
});
