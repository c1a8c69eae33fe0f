// The public search on a small, hand-made set of ads: every filter, text search, order and pagination.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { adRow, insertAd, insertAdvertiser, type AdInput } from '#tooling/factories/index.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { RESULTS_PER_PAGE } from '#shared/catalogue.ts';
import { searchAds } from './search-ads.ts';
import { refreshSearchRanks } from './search-rank.ts';

// Wednesday 2026-06-17, 15:00 in Buenos Aires (18:00 UTC): "tarde", a weekday.
const NOW = new Date('2026-06-17T18:00:00Z');
const DAY = 86_400_000;

let t: TestDb;
const ids: Record<string, number> = {};

async function search(query: string) {
  const result = await searchAds(t.db, parseSearchParams(new URLSearchParams(query)), NOW);
  return { ...result, titles: result.ads.map((a) => a.title) };
}
const titlesOf = async (query: string) => (await search(query)).titles.sort();

beforeAll(async () => {
  t = await createTestDb();
  const young = await insertAdvertiser(t.db, { birthDate: '2005-01-10' }); // 21
  const middle = await insertAdvertiser(t.db, { birthDate: '1994-03-02' }); // 32
  const older = await insertAdvertiser(t.db, { birthDate: '1975-09-30' }); // 50
  const pending = await insertAdvertiser(t.db, { verificationStatus: 'pending' });
  const ads: [string, number, AdInput][] = [
    [
      'nunez',
      young,
      {
        title: 'Masajes en Núñez',
        category: 'masajes',
        barrio: 'nunez',
        pricePerHour: 4500,
        languages: ['espanol', 'ingles'],
        services: ['presencial'],
        attention: ['individual'],
        days: ['lunes-viernes'],
        slots: ['tarde'],
        photosVerified: true,
      },
    ],
    [
      'palermo',
      middle,
      {
        title: 'Compañía en Palermo',
        category: 'escorts',
        barrio: 'palermo',
        pricePerHour: 12000,
        languages: ['espanol', 'portugues'],
        services: ['hotel'],
        attention: ['parejas'],
        days: ['fines-semana'],
        slots: ['nocturno'],
        plan: 'premium',
        planExpiresAt: new Date(NOW.getTime() + 5 * DAY),
      },
    ],
    [
      'boca',
      older,
      {
        title: 'Citas tranquilas',
        description: 'Cerca del estadio, con buena charla.',
        category: 'encuentros',
        barrio: 'la-boca',
        pricePerHour: 25000,
        languages: ['espanol', 'frances'],
        services: ['virtual', 'domicilio'],
        attention: ['grupos'],
        days: ['domingos'],
        slots: ['madrugada'],
        is24h: true,
        plan: 'vip',
        planExpiresAt: new Date(NOW.getTime() + 5 * DAY),
      },
    ],
    [
      'crespo',
      young,
      {
        title: 'Relax en Villa Crespo',
        category: 'masajes',
        barrio: 'villa-crespo',
        pricePerHour: null,
        languages: ['espanol'],
        days: ['lunes-viernes'],
        slots: ['matutino'],
        openSchedule: true,
        plan: 'vip',
        planExpiresAt: new Date(NOW.getTime() - DAY),
      },
    ],
    [
      'sinbarrio',
      middle,
      {
        title: 'Taxi boy amable',
        category: 'taxi-boys',
        barrio: null,
        pricePerHour: 8000,
        languages: ['ingles'],
        days: ['lunes-viernes', 'fines-semana'],
        slots: ['tarde', 'nocturno'],
      },
    ],
    ['paused', middle, { title: 'Aviso pausado en Palermo', barrio: 'palermo', state: 'paused' }],
    ['unverified', pending, { title: 'Aviso sin verificar en Palermo', barrio: 'palermo', state: 'pending' }],
  ];
  // No refresh of ranks: the inserts marked them, and the first search applies the marks (docs/decisions/050-ranking.md).
  for (const [key, advertiser, input] of ads) ids[key] = await insertAd(t.db, advertiser, input);
});
afterAll(() => t.destroy());

describe('searchAds', () => {
  it('shows only published ads of verified advertisers', async () => {
    const all = await search('');
    expect(all.total).toBe(5);
    expect(all.titles).not.toContain('Aviso pausado en Palermo');
    expect(all.titles).not.toContain('Aviso sin verificar en Palermo');
  });

  it('matches text without regard to accents or case', async () => {
    for (const q of ['nunez', 'Núñez', 'NUÑEZ']) expect(await titlesOf(`q=${encodeURIComponent(q)}`)).toEqual(['Masajes en Núñez']);
  });

  it('matches barrio names, zone names, descriptions and word prefixes', async () => {
    expect(await titlesOf('barrio=la%20boca')).toEqual(['Citas tranquilas']);
    expect(await titlesOf('q=zona%20sur')).toEqual(['Citas tranquilas']);
    expect(await titlesOf('q=estadio')).toEqual(['Citas tranquilas']);
    expect(await titlesOf('q=pale')).toEqual(['Compañía en Palermo']);
    expect(await titlesOf('q=premium')).toEqual(['Compañía en Palermo', 'Masajes en Núñez']); // zona Premium
    expect((await search('q=zzzqqq')).total).toBe(0);
  });

  it('treats search operators in the text as plain words', async () => {
    for (const q of ['"palermo', 'palermo OR nunez', 'palermo*', "pal'ermo", 'NEAR(a b)', '-palermo', '&|!():']) {
      await expect(search(`q=${encodeURIComponent(q)}`)).resolves.toBeDefined();
    }
  });

  it('filters by category and by zone or barrio', async () => {
    expect(await titlesOf('categoria=masajes')).toEqual(['Masajes en Núñez', 'Relax en Villa Crespo']);
    expect(await titlesOf('zona=premium')).toEqual(['Compañía en Palermo', 'Masajes en Núñez']);
    expect(await titlesOf('zona=villa-crespo')).toEqual(['Relax en Villa Crespo']);
    expect(await titlesOf('categoria=masajes&zona=premium')).toEqual(['Masajes en Núñez']);
  });

  it('filters by availability, with "ahora" and "hoy" computed in Buenos Aires time', async () => {
    expect(await titlesOf('disponibilidad=24h')).toEqual(['Citas tranquilas']);
    expect(await titlesOf('disponibilidad=agenda-abierta')).toEqual(['Relax en Villa Crespo']);
    expect(await titlesOf('disponibilidad=nocturno')).toEqual(['Citas tranquilas', 'Compañía en Palermo', 'Taxi boy amable']);
    expect(await titlesOf('disponibilidad=domingos')).toEqual(['Citas tranquilas']);
    expect(await titlesOf('disponibilidad=fines-semana')).toEqual(['Compañía en Palermo', 'Taxi boy amable']);
    // A Wednesday afternoon: weekday ads; "ahora" also needs the afternoon slot (or 24 h).
    expect(await titlesOf('disponibilidad=hoy')).toEqual(['Masajes en Núñez', 'Relax en Villa Crespo', 'Taxi boy amable']);
    expect(await titlesOf('disponibilidad=ahora')).toEqual(['Masajes en Núñez', 'Taxi boy amable']);
  });

  it('filters by price range, leaving out ads without a price', async () => {
    expect(await titlesOf('precio=0-5000')).toEqual(['Masajes en Núñez']);
    expect(await titlesOf('precio=5000-10000')).toEqual(['Taxi boy amable']);
    expect(await titlesOf('precio=10000-20000')).toEqual(['Compañía en Palermo']);
    expect(await titlesOf('precio=20000%2B')).toEqual(['Citas tranquilas']);
  });

  it('filters by the advertiser age', async () => {
    expect(await titlesOf('edad=18-25')).toEqual(['Masajes en Núñez', 'Relax en Villa Crespo']);
    expect(await titlesOf('edad=26-35')).toEqual(['Compañía en Palermo', 'Taxi boy amable']);
    expect(await titlesOf('edad=36-45')).toEqual([]);
    expect(await titlesOf('edad=45%2B')).toEqual(['Citas tranquilas']);
  });

  it('filters by verification badges; an expired paid plan is not premium', async () => {
    expect((await search('verificacion=verificado')).total).toBe(5);
    expect(await titlesOf('verificacion=fotos-reales')).toEqual(['Masajes en Núñez']);
    expect(await titlesOf('verificacion=premium')).toEqual(['Citas tranquilas', 'Compañía en Palermo']);
  });

  it('filters languages, services and attention: any value within a group, all groups together', async () => {
    expect(await titlesOf('idioma=ingles')).toEqual(['Masajes en Núñez', 'Taxi boy amable']);
    expect(await titlesOf('idioma=portugues&idioma=frances')).toEqual(['Citas tranquilas', 'Compañía en Palermo']);
    expect(await titlesOf('servicio=hotel')).toEqual(['Compañía en Palermo']);
    expect(await titlesOf('servicio=virtual&servicio=domicilio')).toEqual(['Citas tranquilas']);
    expect(await titlesOf('atencion=parejas')).toEqual(['Compañía en Palermo']);
    expect(await titlesOf('idioma=ingles&atencion=individual')).toEqual(['Masajes en Núñez', 'Taxi boy amable']);
    expect(await titlesOf('idioma=ingles&servicio=hotel')).toEqual([]);
  });

  it('keeps stored ranks in step: an expired plan loses its place at the next refresh', async () => {
    const later = new Date(NOW.getTime() + 6 * DAY); // both paid plans have ended
    expect(await refreshSearchRanks(t.db, later)).toBeGreaterThan(0);
    const { ads } = await searchAds(t.db, parseSearchParams(new URLSearchParams()), later);
    expect(ads.every((a) => a.plan === 'gratuito')).toBe(true);
    expect(await refreshSearchRanks(t.db, NOW)).toBeGreaterThan(0);
    expect(await refreshSearchRanks(t.db, NOW)).toBe(0); // nothing changed, nothing written
  });

  it('rotates ties daily', async () => {
    const order = async (now: Date) => {
      await refreshSearchRanks(t.db, now);
      return (await searchAds(t.db, parseSearchParams(new URLSearchParams()), now)).ads.slice(2).map((a) => a.id);
    };
    const orders = new Set<string>();
    for (let day = 0; day < 5; day++) orders.add((await order(new Date(NOW.getTime() + day * DAY - 3 * DAY))).join());
    expect(orders.size).toBeGreaterThan(1);
    await refreshSearchRanks(t.db, NOW);
  });

  it('ranks VIP, then Premium, then the rest by default; an expired plan counts as Gratuito', async () => {
    const { ads } = await search('');
    expect(ads.map((a) => [a.title, a.plan]).slice(0, 2)).toEqual([
      ['Citas tranquilas', 'vip'],
      ['Compañía en Palermo', 'premium'],
    ]);
    expect(ads.find((a) => a.title === 'Relax en Villa Crespo')?.plan).toBe('gratuito');
  });

  it('sorts by price both ways with unpriced ads last', async () => {
    expect((await search('orden=precio-menor')).titles).toEqual([
      'Masajes en Núñez',
      'Taxi boy amable',
      'Compañía en Palermo',
      'Citas tranquilas',
      'Relax en Villa Crespo',
    ]);
    expect((await search('orden=precio-mayor')).titles.at(0)).toBe('Citas tranquilas');
    expect((await search('orden=precio-mayor')).titles.at(-1)).toBe('Relax en Villa Crespo');
  });

  it('returns card data: age, plan, excerpt', async () => {
    const { ads } = await search('q=nunez');
    expect(ads[0]).toMatchObject({ id: ids.nunez, age: 21, plan: 'gratuito', photosVerified: true, pricePerHour: 4500, barrio: 'nunez' });
  });
});

describe('searchAds pagination', () => {
  let p: TestDb;
  beforeAll(async () => {
    p = await createTestDb();
    const advertiser = await insertAdvertiser(p.db);
    for (let i = 0; i < 2 * RESULTS_PER_PAGE + 2; i++) await insertAd(p.db, advertiser, { title: `Aviso ${i}` });
  });
  afterAll(() => p.destroy());

  it('gives RESULTS_PER_PAGE results a page and clamps the page number', async () => {
    const page = (q: string) => searchAds(p.db, parseSearchParams(new URLSearchParams(q)), NOW);
    const first = await page('');
    expect(first).toMatchObject({ total: 2 * RESULTS_PER_PAGE + 2, page: 1, pages: 3 });
    expect(first.ads).toHaveLength(RESULTS_PER_PAGE);
    const last = await page('pagina=3');
    expect(last.ads).toHaveLength(2);
    expect(await page('pagina=99999')).toMatchObject({ page: 3 });
    expect(await page('pagina=-3')).toMatchObject({ page: 1 });
    const seen = new Set([...first.ads, ...(await page('pagina=2')).ads, ...last.ads].map((a) => a.id));
    expect(seen.size).toBe(2 * RESULTS_PER_PAGE + 2);
  });
});

describe('price buckets and large ids', () => {
  let b: TestDb;
  beforeAll(async () => {
    b = await createTestDb();
    const advertiser = await insertAdvertiser(b.db);
    for (const price of [5000, 10000, 20000, 20001]) await insertAd(b.db, advertiser, { title: `Precio ${price}` });
    await b.db('ads').where('title', 'Precio 5000').update({ price_per_hour: 5000 });
    await b.db('ads').where('title', 'Precio 10000').update({ price_per_hour: 10000 });
    await b.db('ads').where('title', 'Precio 20000').update({ price_per_hour: 20000 });
    await b.db('ads').where('title', 'Precio 20001').update({ price_per_hour: 20001 });
  });
  afterAll(() => b.destroy());

  it('puts a price on a bucket edge in one bucket only', async () => {
    const titles = async (q: string) =>
      (await searchAds(b.db, parseSearchParams(new URLSearchParams(q)), NOW)).ads.map((a) => a.title).sort();
    expect(await titles('precio=0-5000')).toEqual(['Precio 5000']);
    expect(await titles('precio=5000-10000')).toEqual(['Precio 10000']);
    expect(await titles('precio=10000-20000')).toEqual(['Precio 20000']);
    expect(await titles('precio=20000%2B')).toEqual(['Precio 20001']);
  });

  it('ranks ads with ids far past 32-bit products', async () => {
    const advertiser = await insertAdvertiser(b.db);
    await b.db('ads').insert({ ...adRow(advertiser, { title: 'Id grande' }), id: 2_000_000_000 });
    await expect(refreshSearchRanks(b.db, NOW)).resolves.toBeGreaterThan(0);
    const { ads } = await searchAds(b.db, parseSearchParams(new URLSearchParams('q=grande')), NOW);
    expect(ads.map((a) => a.id)).toEqual([2_000_000_000]);
  });
});
