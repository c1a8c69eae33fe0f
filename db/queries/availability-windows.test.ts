// "Disponible ahora" and "Hoy no atiendo" on SQLite and PostgreSQL, with the clock given: a window starts and ends by
// itself, ends early, counts against 3 a Buenos Aires day; "Hoy no atiendo" holds until midnight and can be undone;
// search (SQL and the in-memory index alike) finds and ranks by them; every change raises the catalog version; the
// history for the statistics chart and its retention.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { CatalogueIndex } from '#db/search/catalogue-index.ts';
import { searchAds } from './search-ads.ts';
import { loadIndexRows } from './search-index-rows.ts';
import { readCatalogVersion } from './catalog-version.ts';
import { findPublicAd } from './ad-page.ts';
import { availabilityWindowsOverlapping, deleteExpiredAvailabilityWindows } from './availability-windows.ts';
import { availabilityOf, endAvailableWindow, startAvailableWindow, startDayOff, undoDayOff } from '#core/own-ads/available-now.ts';

// Wednesday 2026-06-17, 15:00 in Buenos Aires (18:00 UTC): "tarde", a weekday.
const NOW = new Date('2026-06-17T18:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(NOW.getTime() + ms);
/** Instants of that Wednesday (and the next days) in Buenos Aires time, UTC-3. */
const buenosAires = (isoLocal: string) => new Date(`${isoLocal}-03:00`);
const FAR = new Date('2030-01-01T00:00:00Z');

let t: TestDb;
let owner: number;
let stranger: number;
const ads: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestDb();
  owner = await insertAdvertiser(t.db);
  stranger = await insertAdvertiser(t.db);
  const category = 'trans';
  // The schedule alone: 'tarde' is on now, 'noche' later today, 'finde' neither.
  ads.tarde = await insertAd(t.db, owner, { title: 'Atiende de tarde', category, days: ['lunes-viernes'], slots: ['tarde'] });
  ads.noche = await insertAd(t.db, owner, { title: 'Atiende de noche', category, days: ['lunes-viernes'], slots: ['nocturno'] });
  ads.finde = await insertAd(t.db, owner, { title: 'Atiende el finde', category, days: ['fines-semana'], slots: ['nocturno'] });
  ads.otra = await insertAd(t.db, owner, { title: 'Otra del finde', category, days: ['fines-semana'], slots: ['tarde'] });
  ads.vip = await insertAd(t.db, stranger, { title: 'VIP del finde', category, days: ['domingos'], plan: 'vip', planExpiresAt: FAR });
  ads.premium = await insertAd(t.db, stranger, { title: 'Premium', category, days: ['domingos'], plan: 'premium', planExpiresAt: FAR });
  ads.pausada = await insertAd(t.db, owner, { title: 'Pausada', category, state: 'paused' });
});
afterAll(() => t.destroy());

beforeEach(async () => {
  await t.db('availability_windows').delete();
});

/** The titles a search finds at `now`, through SQL and through an index read at `now`: both must agree. */
async function found(query: string, now: Date): Promise<number[]> {
  const filters = parseSearchParams(new URLSearchParams(`categoria=trans&${query}`));
  const index = await CatalogueIndex.build(await loadIndexRows(t.db, now), await readCatalogVersion(t.db, now));
  const [sql, fromIndex] = await Promise.all([searchAds(t.db, filters, now), searchAds(t.db, filters, now, index)]);
  expect(fromIndex, `${query} at ${now.toISOString()}`).toEqual(sql);
  return sql.ads.map((a) => a.id);
}
const ahora = (now: Date) => found('disponibilidad=ahora', now);
const hoy = (now: Date) => found('disponibilidad=hoy', now);

describe('Disponible ahora', () => {
  it('switches on for the hours chosen and ends by itself: found under "ahora" and "hoy", badged, then not', async () => {
    expect((await ahora(NOW)).sort()).toEqual([ads.tarde]);
    expect(await hoy(NOW)).not.toContain(ads.finde);

    const started = await startAvailableWindow(t.db, owner, ads.finde!, 2, NOW);
    expect(started).toEqual({ availableUntil: at(2 * HOUR).toISOString(), offUntil: null, windowsLeftToday: 2 });
    for (const when of [NOW, at(2 * HOUR - 1)]) {
      expect(await ahora(when), when.toISOString()).toContain(ads.finde);
      expect(await hoy(when)).toContain(ads.finde);
    }
    const [card] = (await searchAds(t.db, parseSearchParams(new URLSearchParams(`q=finde&categoria=trans`)), NOW)).ads.filter(
      (a) => a.id === ads.finde,
    );
    expect(card?.availableUntil).toEqual(at(2 * HOUR));
    expect((await findPublicAd(t.db, ads.finde!, NOW))?.availableUntil).toEqual(at(2 * HOUR));

    // Two hours later it has ended, with nothing written: the clock alone.
    const later = at(2 * HOUR);
    expect(await ahora(later)).not.toContain(ads.finde);
    expect(await hoy(later)).not.toContain(ads.finde);
    expect((await findPublicAd(t.db, ads.finde!, later))?.availableUntil).toBeNull();
    expect((await availabilityOf(t.db, [ads.finde!], later)).get(ads.finde!)).toEqual({
      availableUntil: null,
      offUntil: null,
      windowsLeftToday: 2,
    });
  });

  it('ends early when asked; the window stays in the history with its real end and still counts', async () => {
    await startAvailableWindow(t.db, owner, ads.finde!, 4, NOW);
    const ended = await endAvailableWindow(t.db, owner, ads.finde!, at(30 * MINUTE));
    expect(ended).toEqual({ availableUntil: null, offUntil: null, windowsLeftToday: 2 });
    expect(await ahora(at(31 * MINUTE))).not.toContain(ads.finde);
    await expect(endAvailableWindow(t.db, owner, ads.finde!, at(31 * MINUTE))).rejects.toMatchObject({ reason: 'not_available_now' });
    expect(await availabilityWindowsOverlapping(t.db, ads.finde!, at(-HOUR), at(5 * HOUR))).toEqual([
      { kind: 'available', startsAt: NOW, endsAt: at(30 * MINUTE) },
    ]);
  });

  it('refuses a second window while one is on (a double tap starts one)', async () => {
    expect(await startAvailableWindow(t.db, owner, ads.finde!, 1, NOW)).toMatchObject({ windowsLeftToday: 2 });
    await expect(startAvailableWindow(t.db, owner, ads.finde!, 1, at(1000))).rejects.toMatchObject({ reason: 'already_available' });
    expect(await availabilityWindowsOverlapping(t.db, ads.finde!, NOW, at(HOUR))).toHaveLength(1);
  });

  it('allows 3 windows a Buenos Aires day, the 4th from midnight', async () => {
    const day = '2026-06-17';
    for (const start of ['18:00', '20:00', '22:30']) {
      const when = buenosAires(`${day}T${start}:00`);
      expect(await startAvailableWindow(t.db, owner, ads.finde!, 1, when), start).toMatchObject({ availableUntil: expect.any(String) });
      expect(await endAvailableWindow(t.db, owner, ads.finde!, new Date(when.getTime() + MINUTE))).toMatchObject({ availableUntil: null });
    }
    const lastMinute = buenosAires(`${day}T23:59:00`);
    expect((await availabilityOf(t.db, [ads.finde!], lastMinute)).get(ads.finde!)?.windowsLeftToday).toBe(0);
    await expect(startAvailableWindow(t.db, owner, ads.finde!, 1, lastMinute)).rejects.toMatchObject({ reason: 'daily_available_limit' });
    // Midnight in Buenos Aires is 03:00 UTC: a new day, three windows again.
    const midnight = buenosAires('2026-06-18T00:00:00');
    expect(await startAvailableWindow(t.db, owner, ads.finde!, 4, midnight)).toMatchObject({ windowsLeftToday: 2 });
    // Windows of other ads do not count.
    expect(await startAvailableWindow(t.db, owner, ads.otra!, 1, lastMinute)).toMatchObject({ windowsLeftToday: 2 });
  });

  it("only on the owner's published ads", async () => {
    await expect(startAvailableWindow(t.db, stranger, ads.finde!, 1, NOW)).rejects.toMatchObject({ reason: 'own_ad_missing' });
    await expect(startAvailableWindow(t.db, owner, ads.vip!, 1, NOW)).rejects.toMatchObject({ reason: 'own_ad_missing' });
    await expect(startAvailableWindow(t.db, owner, 999_999, 1, NOW)).rejects.toMatchObject({ reason: 'own_ad_missing' });
    await expect(startAvailableWindow(t.db, owner, ads.pausada!, 1, NOW)).rejects.toMatchObject({ reason: 'ad_not_published' });
    await expect(startDayOff(t.db, owner, ads.pausada!, NOW)).rejects.toMatchObject({ reason: 'ad_not_published' });
    await expect(endAvailableWindow(t.db, stranger, ads.finde!, NOW)).rejects.toMatchObject({ reason: 'own_ad_missing' });
    await expect(undoDayOff(t.db, stranger, ads.finde!, NOW)).rejects.toMatchObject({ reason: 'own_ad_missing' });
    expect(await t.db('availability_windows').select('id')).toEqual([]);
  });

  it('puts the ad first within its plan tier while it lasts, after the paid tiers, in SQL and in the index', async () => {
    const plain = await found('', NOW);
    expect(plain.slice(0, 2).sort()).toEqual([ads.vip, ads.premium].sort());
    const free = plain.slice(2);
    const last = free.at(-1)!;
    await startAvailableWindow(t.db, owner, last, 1, NOW);
    const boosted = await found('', NOW);
    expect(boosted).toEqual([...plain.slice(0, 2), last, ...free.slice(0, -1)]);
    // Other orders are left alone; and an hour later the default order is as before.
    expect(await found('orden=recientes', NOW)).toEqual(await found('orden=recientes', at(2 * HOUR)));
    expect(await found('', at(HOUR))).toEqual(plain);

    // A paid ad switched on stays in its tier: first of it, never above a higher tier.
    await startAvailableWindow(t.db, stranger, ads.premium!, 1, NOW);
    expect((await found('', NOW)).slice(0, 3)).toEqual([ads.vip, ads.premium, last]);
  });
});

describe('Hoy no atiendo', () => {
  it('hides the ad from "ahora" and "hoy" until Buenos Aires midnight, ending "Disponible ahora"', async () => {
    await startAvailableWindow(t.db, owner, ads.tarde!, 1, NOW);
    const off = await startDayOff(t.db, owner, ads.tarde!, at(10 * MINUTE));
    const midnight = buenosAires('2026-06-18T00:00:00');
    expect(off).toEqual({ availableUntil: null, offUntil: midnight.toISOString(), windowsLeftToday: 2 });
    await expect(startDayOff(t.db, owner, ads.tarde!, at(11 * MINUTE))).rejects.toMatchObject({ reason: 'already_day_off' });
    await expect(startAvailableWindow(t.db, owner, ads.tarde!, 1, at(12 * MINUTE))).rejects.toMatchObject({ reason: 'day_off' });
    for (const when of [at(11 * MINUTE), new Date(midnight.getTime() - 1)]) {
      expect(await ahora(when)).not.toContain(ads.tarde);
      expect(await hoy(when)).not.toContain(ads.tarde);
    }
    // Other ads and other filters are not touched.
    expect(await hoy(at(11 * MINUTE))).toContain(ads.noche);
    expect(await found('disponibilidad=tarde', at(11 * MINUTE))).toContain(ads.tarde);
    expect(await availabilityWindowsOverlapping(t.db, ads.tarde!, NOW, midnight)).toEqual([
      { kind: 'available', startsAt: NOW, endsAt: at(10 * MINUTE) },
      { kind: 'off', startsAt: at(10 * MINUTE), endsAt: midnight },
    ]);
    // Thursday 15:00: the schedule counts again.
    expect(await ahora(new Date(midnight.getTime() + 15 * HOUR))).toContain(ads.tarde);
  });

  it('can be undone the same day: the schedule counts again from then', async () => {
    await startDayOff(t.db, owner, ads.tarde!, NOW);
    expect(await ahora(at(MINUTE))).not.toContain(ads.tarde);
    expect(await undoDayOff(t.db, owner, ads.tarde!, at(2 * MINUTE))).toEqual({
      availableUntil: null,
      offUntil: null,
      windowsLeftToday: 3,
    });
    expect(await ahora(at(3 * MINUTE))).toContain(ads.tarde);
    await expect(undoDayOff(t.db, owner, ads.tarde!, at(4 * MINUTE))).rejects.toMatchObject({ reason: 'not_day_off' });
    expect(await startAvailableWindow(t.db, owner, ads.tarde!, 1, at(5 * MINUTE))).toMatchObject({ windowsLeftToday: 2 });
  });
});

describe('the catalog version', () => {
  it('rises with every change of a published ad’s windows, not with those of an ad nobody sees', async () => {
    const changes = [
      () => startAvailableWindow(t.db, owner, ads.otra!, 1, NOW),
      () => endAvailableWindow(t.db, owner, ads.otra!, at(MINUTE)),
      () => startDayOff(t.db, owner, ads.otra!, at(2 * MINUTE)),
      () => undoDayOff(t.db, owner, ads.otra!, at(3 * MINUTE)),
    ];
    for (const change of changes) {
      const before = await readCatalogVersion(t.db);
      expect(typeof (await change())).toBe('object'); // done, not refused
      expect(await readCatalogVersion(t.db)).toBeGreaterThan(before);
    }
    const before = await readCatalogVersion(t.db);
    await t
      .db('availability_windows')
      .insert({ ad_id: ads.pausada, kind: 'available', starts_at: NOW, ends_at: at(HOUR), created_at: NOW });
    expect(await readCatalogVersion(t.db)).toBe(before);
  });
});

describe('history', () => {
  it('gives the windows overlapping a range, and deletes those ended over 13 months ago', async () => {
    const row = (startsAt: Date, endsAt: Date, kind = 'available') => ({
      ad_id: ads.noche,
      kind,
      starts_at: startsAt,
      ends_at: endsAt,
      created_at: startsAt,
    });
    await t
      .db('availability_windows')
      .insert([
        row(buenosAires('2025-05-15T20:00:00'), buenosAires('2025-05-15T22:00:00')),
        row(buenosAires('2025-05-18T20:00:00'), buenosAires('2025-05-18T21:00:00')),
        row(buenosAires('2026-06-16T23:30:00'), buenosAires('2026-06-17T00:30:00')),
        row(buenosAires('2026-06-17T10:00:00'), buenosAires('2026-06-18T00:00:00'), 'off'),
      ]);
    // The 17th of June in Buenos Aires: the window across midnight and the day off.
    const spans = await availabilityWindowsOverlapping(
      t.db,
      ads.noche!,
      buenosAires('2026-06-17T00:00:00'),
      buenosAires('2026-06-18T00:00:00'),
    );
    expect(spans).toEqual([
      { kind: 'available', startsAt: buenosAires('2026-06-16T23:30:00'), endsAt: buenosAires('2026-06-17T00:30:00') },
      { kind: 'off', startsAt: buenosAires('2026-06-17T10:00:00'), endsAt: buenosAires('2026-06-18T00:00:00') },
    ]);
    expect(await availabilityWindowsOverlapping(t.db, ads.tarde!, buenosAires('2025-01-01T00:00:00'), NOW)).toEqual([]);

    // On 2026-06-17 the first day kept is 2025-05-17: the window of the 15th goes, the one of the 18th stays.
    expect(await deleteExpiredAvailabilityWindows(t.db, NOW)).toBe(1);
    expect(await deleteExpiredAvailabilityWindows(t.db, NOW)).toBe(0);
    expect(await availabilityWindowsOverlapping(t.db, ads.noche!, buenosAires('2025-01-01T00:00:00'), NOW)).toHaveLength(3);
  });
});
