// "Disponible ahora" and "Hoy no atiendo" through HTTP on SQLite and PostgreSQL: who may switch them (the owner of a
// published ad), what each call answers, the Spanish refusals (bad length, double taps, the daily limit) changing
// nothing, and the public search and ad page following at once. The clock-dependent rules (windows ending by
// themselves, the Buenos Aires day, midnight) are tested with a given clock in db/queries/availability-windows.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { searchAds } from '#db/queries/search-ads.ts';
import { findPublicAd } from '#db/queries/ad-page.ts';

let t: TestDb;
let server: TestApp;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t);
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

async function advertiser() {
  const id = await insertAdvertiser(t.db);
  return { id, cookie: await advertiserSessions.create(t.db, id) };
}

/** An ad no schedule puts under "ahora" or "hoy" on any day: only the switch can. */
const unscheduled = { days: [], slots: [] };

async function call(method: string, path: string, cookie: string | undefined, body?: unknown) {
  const res = await fetch(`${server.url}/api/advertiser/ads${path}`, {
    method,
    headers: { ...sameOriginJson, ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const windowsOf = (adId: number) => t.db('availability_windows').where('ad_id', adId).orderBy('id').select('kind', 'starts_at', 'ends_at');
const foundNow = async (adId: number) =>
  (await searchAds(t.db, parseSearchParams(new URLSearchParams('disponibilidad=ahora')))).ads.some((a) => a.id === adId);

describe('Disponible ahora', () => {
  it('switches on for 1, 2 or 4 hours, shows at once in search and on the ad page, and ends early', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, unscheduled);
    expect(await foundNow(adId)).toBe(false);

    const before = Date.now();
    const on = await call('POST', `/${adId}/available`, owner.cookie, { hours: 2 });
    expect(on).toMatchObject({ status: 200, body: { offUntil: null, windowsLeftToday: 2 } });
    const until = new Date(on.body.availableUntil).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
    expect(await foundNow(adId)).toBe(true);
    expect((await findPublicAd(t.db, adId))?.availableUntil?.getTime()).toBe(until);

    // A second tap while it is on changes nothing.
    const again = await call('POST', `/${adId}/available`, owner.cookie, { hours: 4 });
    expect(again).toMatchObject({
      status: 409,
      body: { error: { code: 'already_available', message: expect.stringMatching(/ya está disponible/) } },
    });
    expect(await windowsOf(adId)).toHaveLength(1);

    const ended = await call('DELETE', `/${adId}/available`, owner.cookie);
    expect(ended).toMatchObject({ status: 200, body: { availableUntil: null, windowsLeftToday: 2 } });
    expect(await foundNow(adId)).toBe(false);
    expect((await findPublicAd(t.db, adId))?.availableUntil).toBeNull();
    expect(await call('DELETE', `/${adId}/available`, owner.cookie)).toMatchObject({
      status: 409,
      body: { error: { code: 'not_available', message: 'Este anuncio no está disponible ahora: no hay nada que terminar.' } },
    });
    expect(await windowsOf(adId)).toHaveLength(1);
  });

  it.each([[3], [0], ['1'], [null], [undefined]])('refuses %j hours with a Spanish message, saving nothing', async (hours) => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, unscheduled);
    const res = await call('POST', `/${adId}/available`, owner.cookie, hours === undefined ? {} : { hours });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('Elegí por cuánto tiempo: 1, 2 o 4 horas.');
    expect(await windowsOf(adId)).toEqual([]);
  });

  it('refuses the 4th window of the day, even when the others ended early', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, unscheduled);
    for (const hours of [1, 2, 4]) {
      expect((await call('POST', `/${adId}/available`, owner.cookie, { hours })).status).toBe(200);
      expect((await call('DELETE', `/${adId}/available`, owner.cookie)).status).toBe(200);
    }
    const fourth = await call('POST', `/${adId}/available`, owner.cookie, { hours: 1 });
    expect(fourth).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'daily_limit',
          message: 'Ya activaste «Disponible ahora» 3 veces hoy en este anuncio, el máximo por día. Mañana podés volver a activarlo.',
        },
      },
    });
    expect(await windowsOf(adId)).toHaveLength(3);
  });
});

describe('Hoy no atiendo', () => {
  it('ends "Disponible ahora", keeps the ad out of "ahora" and "hoy", and can be undone', async () => {
    const owner = await advertiser();
    // On every day at every hour by its schedule.
    const adId = await insertAd(t.db, owner.id, { days: ['lunes-viernes', 'fines-semana'], is24h: true });
    expect(await foundNow(adId)).toBe(true);
    await call('POST', `/${adId}/available`, owner.cookie, { hours: 1 });

    const off = await call('POST', `/${adId}/off`, owner.cookie);
    expect(off).toMatchObject({ status: 200, body: { availableUntil: null, offUntil: expect.any(String) } });
    expect(await foundNow(adId)).toBe(false);
    const today = (await searchAds(t.db, parseSearchParams(new URLSearchParams('disponibilidad=hoy')))).ads.map((a) => a.id);
    expect(today).not.toContain(adId);
    expect((await findPublicAd(t.db, adId))?.availableUntil).toBeNull();
    expect(await call('POST', `/${adId}/off`, owner.cookie)).toMatchObject({ status: 409, body: { error: { code: 'already_off' } } });
    expect(await call('POST', `/${adId}/available`, owner.cookie, { hours: 1 })).toMatchObject({
      status: 409,
      body: { error: { code: 'day_off', message: 'Marcaste que hoy no atendés: deshacelo para ponerte disponible.' } },
    });

    expect(await call('DELETE', `/${adId}/off`, owner.cookie)).toMatchObject({ status: 200, body: { offUntil: null } });
    expect(await foundNow(adId)).toBe(true);
    expect(await call('DELETE', `/${adId}/off`, owner.cookie)).toMatchObject({ status: 409, body: { error: { code: 'not_off' } } });
    expect((await windowsOf(adId)).map((w) => w.kind)).toEqual(['available', 'off']);
  });
});

describe('who may', () => {
  it("answers 401 without a session, 404 for another's ad or none, 409 for an ad that is not published", async () => {
    const owner = await advertiser();
    const stranger = await advertiser();
    const adId = await insertAd(t.db, owner.id, unscheduled);
    const paused = await insertAd(t.db, owner.id, { ...unscheduled, state: 'paused' });
    const pending = await insertAd(t.db, owner.id, { ...unscheduled, state: 'pending' });
    for (const [method, path, body] of [
      ['POST', 'available', { hours: 1 }],
      ['DELETE', 'available', undefined],
      ['POST', 'off', undefined],
      ['DELETE', 'off', undefined],
    ] as const) {
      expect((await call(method, `/${adId}/${path}`, undefined, body)).status, `${method} ${path}`).toBe(401);
      expect(await call(method, `/${adId}/${path}`, stranger.cookie, body), `${method} ${path}`).toMatchObject({
        status: 404,
        body: { error: { message: 'El anuncio no existe o no es tuyo.' } },
      });
      expect((await call(method, `/999999/${path}`, owner.cookie, body)).status).toBe(404);
    }
    for (const id of [paused, pending]) {
      for (const [path, body] of [
        ['available', { hours: 1 }],
        ['off', undefined],
      ] as const) {
        expect(await call('POST', `/${id}/${path}`, owner.cookie, body)).toMatchObject({
          status: 409,
          body: { error: { code: 'ad_not_published', message: expect.stringMatching(/^Solo un anuncio publicado/) } },
        });
      }
    }
    expect(await t.db('availability_windows').whereIn('ad_id', [adId, paused, pending]).select('id')).toEqual([]);
  });
});
