// The in-memory index against the SQL it stands in for, on SQLite and PostgreSQL: over a generated catalogue (plans
// in force and ended, ads without price, unverified and unpublished ones, ages), hundreds of random filter sets and
// the edge cases must give the same total, pages and ids in the same order through both. Then the holder: an index
// only of the version in force, rebuilt after a change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { adRow, createRandom, demoAdInput, demoBirthDate, insertAdvertiser } from '#tooling/factories/index.ts';
import {
  AGE_RANGES,
  ATTENTION_TYPES,
  AVAILABILITY_OPTIONS,
  BARRIOS,
  CATEGORIES,
  LANGUAGES,
  PRICE_RANGES,
  SERVICE_TYPES,
  SORT_OPTIONS,
  VERIFICATION_FILTERS,
  ZONES,
} from '#shared/catalogue.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { searchAds } from '#db/queries/search-ads.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { wordsOf } from './word-index.ts';
import { SearchIndexHolder } from './search-index-holder.ts';

// A Saturday night in Buenos Aires, so that 'ahora' and 'hoy' select something.
const NOW = new Date('2026-06-20T02:30:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
let t: TestDb;
let index: CatalogueIndex;

beforeAll(async () => {
  t = await createTestDb();
  const rand = createRandom(7);
  const advertisers: number[] = [];
  for (let i = 0; i < 40; i++) {
    advertisers.push(
      await insertAdvertiser(t.db, { birthDate: demoBirthDate(rand, NOW), verificationStatus: i === 0 ? 'pending' : 'verified' }),
    );
  }
  const rows = [];
  for (let i = 0; i < 400; i++) {
    const input = demoAdInput(rand, NOW);
    // Paid plans in force and ended; some ads hidden, paused or waiting: never found.
    if (input.plan !== 'gratuito') input.planExpiresAt = new Date(NOW.getTime() + (rand.chance(0.3) ? -DAY : 10 * DAY));
    if (rand.chance(0.1)) input.state = rand.pick(['paused', 'pending', 'held']);
    input.publishedAt = new Date(NOW.getTime() - rand.int(0, 60) * DAY);
    // Text with what the engines cut differently: addresses, hosts, decimals, hyphens.
    if (i % 25 === 0) input.description += ' Escribime a ana.ruiz@correo.com.ar o por hola-velada.com, desde 5.000 la hora, 11-4567.';
    // Prices on the buckets' edges, which belong to the lower bucket.
    if (i % 10 === 0) input.pricePerHour = rand.pick([0, 5000, 10000, 20000]);
    rows.push(adRow(advertisers[i % advertisers.length]!, input, NOW));
  }
  // Ranks are not refreshed by hand: the inserts marked them, and loadIndexRows applies the marks at NOW.
  for (let i = 0; i < rows.length; i += 100) await t.db('ads').insert(rows.slice(i, i + 100));
  // "Disponible ahora" and "Hoy no atiendo" (decision 032): windows on now, ended, ended early, starting later, on
  // ads of every tier; some ads with both.
  const adIds: number[] = await t.db('ads').orderBy('id').pluck('id');
  const windows = [];
  for (const adId of adIds.filter(() => rand.chance(0.15))) {
    const startsAt = NOW.getTime() + rand.int(-6, 1) * HOUR;
    const endsAt = startsAt + rand.pick([1, 2, 4]) * HOUR - (rand.chance(0.2) ? 30 * 60_000 : 0);
    const kind = rand.chance(0.75) ? 'available' : 'off';
    windows.push({ ad_id: adId, kind, starts_at: new Date(startsAt), ends_at: new Date(endsAt), created_at: new Date(startsAt) });
    if (rand.chance(0.1)) windows.push({ ...windows.at(-1)!, kind: kind === 'off' ? 'available' : 'off' });
  }
  await t.db('availability_windows').insert(windows);
  index = await CatalogueIndex.build(await loadIndexRows(t.db, NOW), await readCatalogVersion(t.db, NOW));
});
afterAll(() => t.destroy());

async function compare(query: string, now = NOW): Promise<void> {
  const filters = parseSearchParams(new URLSearchParams(query));
  const [sql, fromIndex] = await Promise.all([searchAds(t.db, filters, now), searchAds(t.db, filters, now, index)]);
  const summary = (r: typeof sql) => ({ total: r.total, page: r.page, pages: r.pages, ids: r.ads.map((a) => a.id) });
  expect(summary(fromIndex), query).toEqual(summary(sql));
  expect(fromIndex.ads, query).toEqual(sql.ads);
}

describe('CatalogueIndex', () => {
  it('holds every published ad and nothing else', async () => {
    expect(index.size).toBe(Number((await t.db('ads').where('state', 'published').count({ n: '*' }).first())?.n));
    expect(index.size).toBeGreaterThan(300);
  });

  it('answers the edge cases as SQL does: no filter, each order, deep and past-the-end pages, text prefixes and accents', async () => {
    const queries = [
      '',
      ...SORT_OPTIONS.filter((o) => o.value !== 'populares').map((o) => `orden=${o.value}`),
      'pagina=3',
      'pagina=9999',
      'orden=precio-mayor&pagina=5',
      'q=ma',
      'q=a',
      'q=Núñez',
      'q=PALERMO masa',
      'q=zona norte',
      'q=xyzzy',
      'q=hola soy',
      'q=correo',
      'q=ar',
      'q=000',
      'q=4567',
      'q=ruiz',
      'q=velada com',
      'barrio=recoleta',
      'q=ma&categoria=masajes&zona=central&orden=recientes&pagina=2',
      'verificacion=verificado&verificacion=premium&verificacion=fotos-reales',
      'idioma=ingles&idioma=portugues&servicio=presencial&atencion=hotel',
    ];
    for (const query of queries) await compare(query);
  });

  it('answers hundreds of random filter sets as SQL does', async () => {
    const rand = createRandom(11);
    const words = ['', '', 'ma', 'relax', 'hola', 'sensi', 'zona', 'p', 'centro', 'de la', 'palermo sur'];
    const one = <T extends { value: string }>(list: readonly T[]) => rand.pick(list).value;
    const extras = [
      () => `disponibilidad=${one(AVAILABILITY_OPTIONS)}`,
      () => `precio=${one(PRICE_RANGES)}`,
      () => `edad=${one(AGE_RANGES)}`,
      () => `verificacion=${one(VERIFICATION_FILTERS)}`,
      () => `idioma=${one(LANGUAGES)}`,
      () => `servicio=${one(SERVICE_TYPES)}`,
      () => `atencion=${one(ATTENTION_TYPES)}`,
      () => `orden=${one(SORT_OPTIONS.filter((o) => o.value !== 'populares'))}`,
      () => `pagina=${rand.int(1, 4)}`,
    ];
    for (let i = 0; i < 300; i++) {
      const parts = [];
      const text = rand.pick(words);
      if (text) parts.push(`q=${encodeURIComponent(text)}`);
      if (rand.chance(0.6)) parts.push(`categoria=${one(CATEGORIES)}`);
      if (rand.chance(0.6)) parts.push(`zona=${rand.chance(0.5) ? one(ZONES) : rand.pick(BARRIOS).slug}`);
      for (let k = rand.int(0, 3); k > 0; k--) parts.push(rand.pick(extras)());
      await compare(parts.join('&'));
    }
  });

  it('works out what depends on the clock (plans in force, ages, today) at the time of the search, as SQL does', async () => {
    // Eleven days later the plans of ten days have ended; a year later every age has moved on.
    for (const now of [new Date(NOW.getTime() + 11 * DAY), new Date(NOW.getTime() + 400 * DAY)]) {
      for (const query of ['', 'verificacion=premium', 'edad=26-35', 'disponibilidad=hoy', 'categoria=masajes&pagina=2'])
        await compare(query, now);
    }
  });

  it('evaluates "Disponible ahora" and "Hoy no atiendo" at the time of the search, windows ending meanwhile, as SQL does', async () => {
    expect(await t.db('availability_windows').where('ends_at', '>', NOW).where('starts_at', '<=', NOW).select('id')).not.toHaveLength(0);
    for (const now of [
      NOW,
      new Date(NOW.getTime() + 30 * 60_000),
      new Date(NOW.getTime() + 90 * 60_000),
      new Date(NOW.getTime() + 5 * HOUR),
    ]) {
      for (const query of [
        '',
        'pagina=2',
        'disponibilidad=ahora',
        'disponibilidad=hoy',
        'categoria=masajes',
        'disponibilidad=ahora&categoria=escorts',
      ])
        await compare(query, now);
    }
  });

  it('leaves only the order by popularity to the database: text too is matched as the database does, on both', () => {
    const answers = (query: string) => index.answers(parseSearchParams(new URLSearchParams(query)));
    expect(answers('orden=populares')).toBe(false);
    expect(answers('orden=recientes&categoria=masajes')).toBe(true);
    expect(answers('q=correo')).toBe(true);
  });

  it('cuts words as the full-text engines do: runs of letters and digits', () => {
    expect(wordsOf('hola, soy ana-maria 24hs straße')).toEqual(['hola', 'soy', 'ana', 'maria', '24hs', 'straße']);
  });
});

describe('SearchIndexHolder', () => {
  it('gives the index only of the version in force, and builds the next one after a change', async () => {
    const version = { value: await readCatalogVersion(t.db) };
    const holder = new SearchIndexHolder(t.db, { currentVersion: async () => version.value, rebuildEveryMs: 0 });
    expect(await holder.current()).toBeNull(); // none yet: a build starts
    await holder.rebuild();
    const first = await holder.current();
    expect(first?.version).toBe(version.value);

    const ad = await t.db('ads').where('state', 'published').first('id');
    await t.db('ads').where('id', ad.id).update({ state: 'paused' });
    version.value = await readCatalogVersion(t.db);
    expect(version.value).toBeGreaterThan(first!.version);
    expect(await holder.current()).toBeNull(); // stale: the database answers meanwhile
    await holder.rebuild();
    const second = await holder.current();
    expect(second?.version).toBe(version.value);
    expect(second!.size).toBe(first!.size - 1);
    holder.close();
    await t.db('ads').where('id', ad.id).update({ state: 'published' });
  });
});
