// Phones through HTTP on SQLite and PostgreSQL: the ad form's number is stored in international form, and the
// reveal answers the local form with call and WhatsApp links built from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { whatsAppGreeting } from '#core/ad-page/ad-phone.ts';

let t: TestDb;
let server: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t);
  cookie = await advertiserSessions.create(t.db, await insertAdvertiser(t.db, { verificationStatus: 'verified' }));
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

const ad = {
  title: 'Masajes descontracturantes en Palermo',
  category: 'masajes',
  barrio: 'palermo',
  description: 'Masajes con aceites en un ambiente tranquilo y limpio. Atiendo con turno previo de lunes a viernes.',
};

async function saveAd(phone: string) {
  const res = await fetch(`${server.url}/api/advertiser/ads`, {
    method: 'POST',
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: JSON.stringify({ ...ad, phone }),
  });
  return { status: res.status, body: await res.json() };
}

async function reveal(id: number) {
  const res = await fetch(`${server.url}/api/ads/${id}/phone`, { method: 'POST', headers: sameOriginJson, body: '{}' });
  return { status: res.status, body: await res.json() };
}

describe('phones from the ad form', () => {
  it.each([
    ['11 5555 0123', '+5491155550123'],
    ['011 15 5555-0123', '+5491155550123'],
    ['+54 9 11 5555-0123', '+5491155550123'],
    ['15 5555 0123', '+5491155550123'],
    ['011 4555 0123', '+541145550123'],
  ])('stores %j as %s', async (typed, e164) => {
    const saved = await saveAd(typed);
    expect(saved.status).toBe(201);
    expect((await t.db('ads').where('id', saved.body.id).first()).phone).toBe(e164);
  });

  it('refuses what cannot be an Argentine number, with its message on the field', async () => {
    for (const typed of ['+1 212 555 0123', '11 5555', 'llamame']) {
      const saved = await saveAd(typed);
      expect(saved.status).toBe(400);
      expect(saved.body.error).toMatchObject({
        field: 'phone',
        detail: 'Escribí un teléfono argentino válido, con código de área (por ejemplo 11 5555 0123).',
      });
    }
  });
});

describe('POST /api/ads/:id/phone', () => {
  it('answers the local form and the call and WhatsApp links in international form', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const mobile = await insertAd(t.db, advertiser, { phone: '+5491155550123' });
    expect(await reveal(mobile)).toEqual({
      status: 200,
      body: {
        phone: '011 15-5555-0123',
        tel: 'tel:+5491155550123',
        whatsapp: `https://wa.me/5491155550123?text=${encodeURIComponent(whatsAppGreeting(mobile))}`,
      },
    });
    const landline = await insertAd(t.db, advertiser, { phone: '+541145550123' });
    expect((await reveal(landline)).body).toEqual({
      phone: '011 4555-0123',
      tel: 'tel:+541145550123',
      whatsapp: `https://wa.me/541145550123?text=${encodeURIComponent(whatsAppGreeting(landline))}`,
    });
  });

  it('reveals a number typed in the form with the 9 that calls and WhatsApp need', async () => {
    const saved = await saveAd('11 5555 0124');
    await t.db('ads').where('id', saved.body.id).update({ state: 'published' });
    expect((await reveal(saved.body.id)).body).toEqual({
      phone: '011 15-5555-0124',
      tel: 'tel:+5491155550124',
      whatsapp: `https://wa.me/5491155550124?text=${encodeURIComponent(whatsAppGreeting(saved.body.id))}`,
    });
  });
});

describe('counting contacts for the ad statistics', () => {
  const browser = 'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
  const ask = async (id: number, body: string, userAgent = browser) =>
    (await fetch(`${server.url}/api/ads/${id}/phone`, { method: 'POST', headers: { ...sameOriginJson, 'User-Agent': userAgent }, body }))
      .status;

  it('counts a phone reveal or a WhatsApp open once a day per source; not a bot, an unknown way or an ad not public', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, advertiser, { phone: '+5491155550125' });
    const paused = await insertAd(t.db, advertiser, { phone: '+5491155550126', state: 'paused' });
    expect(await ask(id, '{}')).toBe(200);
    expect(await ask(id, '{"via":"telefono"}')).toBe(200);
    expect(await ask(id, '{"via":"whatsapp"}')).toBe(200);
    expect(await ask(id, '{"via":"whatsapp"}', 'python-requests/2.32')).toBe(200);
    expect(await ask(id, '{"via":"paloma"}')).toBe(400);
    expect(await ask(paused, '{"via":"whatsapp"}')).toBe(404);
    await server.adStats.flush();
    const rows = await t.db('ad_daily_stats').whereIn('ad_id', [id, paused]);
    expect(rows.map((r) => [Number(r.ad_id), Number(r.phone_reveals), Number(r.whatsapp_opens)])).toEqual([[id, 1, 1]]);
    expect(Number((await t.db('ads').where('id', id).first()).phone_reveals)).toBe(2);
  });
});
