// Rates tables through HTTP on SQLite and PostgreSQL: the advertiser saves them with the ad (the price per hour
// following the lowest 1-hour rate), bad amounts are refused in Spanish and change nothing, an edit of a published
// ad's rates goes back to review, and staff and the data download see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanel, type Panel } from '#api/testing/panel.ts';
import { sameOriginJson } from '#api/testing/http.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import type { ModerationItem } from '#shared/contracts/staff/moderation.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

async function advertiser() {
  const id = await insertAdvertiser(panel.t.db);
  return { id, cookie: await advertiserSessions.create(panel.t.db, id) };
}

async function call(method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${panel.server.url}/api/advertiser${path}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const adBody = {
  title: 'Masajes relajantes en Caballito',
  category: 'masajes',
  barrio: 'caballito',
  description: 'Masajes relajantes con aceites, en un lugar tranquilo. Atiendo con turno previo.',
  phone: '11 5555-0101',
  services: ['presencial', 'domicilio', 'hotel'],
  rates: {
    propio: { '30min': 12000, '1h': 20000, '2h': 36000 },
    domicilio: { '1h': 26000, noche: 120000 },
    hotel: { '1h': 18000 },
  },
};

const storedRates = async (adId: number) =>
  (await panel.t.db('ad_rates').where('ad_id', adId).orderBy(['place', 'duration']).select('place', 'duration', 'amount')).map((r) => ({
    ...r,
    amount: Number(r.amount),
  }));
const storedPrice = async (adId: number) => {
  const price = (await panel.t.db('ads').where('id', adId).first('price_per_hour')).price_per_hour;
  return price === null ? null : Number(price);
};

describe('saving rates with the ad', () => {
  it('keeps every rate and makes the lowest 1-hour rate the price per hour', async () => {
    const owner = await advertiser();
    const created = await call('POST', '/ads', owner.cookie, adBody);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await storedRates(id)).toEqual([
      { place: 'domicilio', duration: '1h', amount: 26000 },
      { place: 'domicilio', duration: 'noche', amount: 120000 },
      { place: 'hotel', duration: '1h', amount: 18000 },
      { place: 'propio', duration: '1h', amount: 20000 },
      { place: 'propio', duration: '2h', amount: 36000 },
      { place: 'propio', duration: '30min', amount: 12000 },
    ]);
    expect(await storedPrice(id)).toBe(18000);
    const read = await call('GET', `/ads/${id}`, owner.cookie);
    expect(read.body).toMatchObject({ rates: adBody.rates, pricePerHour: 18000 });
  });

  it('an ad without a 1-hour rate has no price per hour; without rates at all, none either', async () => {
    const owner = await advertiser();
    const onlyNight = (await call('POST', '/ads', owner.cookie, { ...adBody, rates: { propio: { noche: 90000 } } })).body.id;
    expect(await storedPrice(onlyNight)).toBeNull();
    expect((await call('GET', `/ads/${onlyNight}`, owner.cookie)).body).toMatchObject({
      rates: { propio: { noche: 90000 } },
      pricePerHour: null,
    });
    const { rates: _, ...withoutRates } = adBody;
    const none = (await call('POST', '/ads', owner.cookie, withoutRates)).body.id;
    expect(await storedRates(none)).toEqual([]);
    expect((await call('GET', `/ads/${none}`, owner.cookie)).body).toMatchObject({ rates: {}, pricePerHour: null });
  });

  it.each([
    ['rates.hotel.2h', { hotel: { '2h': 12.5 } }, 'Cada tarifa debe ser un número entero de pesos.'],
    ['rates.propio.1h', { propio: { '1h': 500 } }, 'Las tarifas empiezan en $ 1.000.'],
    ['rates.propio.noche', { propio: { noche: 5_000_000 } }, 'Revisá la tarifa: el máximo es $ 2.000.000.'],
    ['rates.propio', { propio: { '3h': 30000 } }, 'Las duraciones son 30 min, 1 hora, 2 horas y noche.'],
    ['rates', { auto: { '1h': 30000 } }, 'Los lugares son lugar propio, a domicilio y hotel.'],
  ])('refuses %s with its Spanish message, creating nothing', async (field, rates, detail) => {
    const owner = await advertiser();
    const answer = await call('POST', '/ads', owner.cookie, { ...adBody, rates });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ field, detail });
    expect(await panel.t.db('ads').where('advertiser_id', owner.id)).toHaveLength(0);
  });

  it('refuses rates of a place the ad does not offer', async () => {
    const owner = await advertiser();
    const answer = await call('POST', '/ads', owner.cookie, { ...adBody, services: ['presencial'] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      field: 'rates.domicilio',
      detail: 'Marcá «A domicilio» en Servicios para cargar tarifas a domicilio.',
    });
    expect(await panel.t.db('ads').where('advertiser_id', owner.id)).toHaveLength(0);
  });
});

describe('editing rates', () => {
  it("replaces a published ad's table, recomputes the price and sends the ad back to review", async () => {
    const owner = await advertiser();
    const id = await insertAd(panel.t.db, owner.id, {
      state: 'published',
      services: ['presencial', 'hotel'],
      rates: { propio: { '1h': 15000 }, hotel: { '1h': 17000, noche: 80000 } },
    });
    expect(await storedPrice(id)).toBe(15000);
    const edited = await call('PUT', `/ads/${id}`, owner.cookie, {
      ...adBody,
      services: ['presencial', 'hotel'],
      rates: { propio: { '1h': 22000, '2h': 40000 }, hotel: { noche: 85000 } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ state: 'pending', rates: { propio: { '1h': 22000, '2h': 40000 }, hotel: { noche: 85000 } } });
    expect(await storedRates(id)).toEqual([
      { place: 'hotel', duration: 'noche', amount: 85000 },
      { place: 'propio', duration: '1h', amount: 22000 },
      { place: 'propio', duration: '2h', amount: 40000 },
    ]);
    expect(await storedPrice(id)).toBe(22000);
    expect((await panel.t.db('ads').where('id', id).first('state')).state).toBe('pending');

    // Clearing the table clears the price.
    await call('PUT', `/ads/${id}`, owner.cookie, { ...adBody, rates: {} });
    expect(await storedRates(id)).toEqual([]);
    expect(await storedPrice(id)).toBeNull();
  });

  it("a refused edit, another advertiser's edit or an edit of a held ad changes no rate", async () => {
    const owner = await advertiser();
    const stranger = await advertiser();
    const id = await insertAd(panel.t.db, owner.id, { state: 'published', rates: { propio: { '1h': 15000 } } });
    const held = await insertAd(panel.t.db, owner.id, { state: 'held', rates: { propio: { '1h': 16000 } } });
    const other = { ...adBody, services: ['presencial'], rates: { propio: { '1h': 99000 } } };

    expect((await call('PUT', `/ads/${id}`, owner.cookie, { ...other, rates: { propio: { '1h': 0 } } })).status).toBe(400);
    expect((await call('PUT', `/ads/${id}`, stranger.cookie, other)).status).toBe(404);
    expect((await call('PUT', `/ads/${held}`, owner.cookie, other)).status).toBe(409);
    expect(await storedRates(id)).toEqual([{ place: 'propio', duration: '1h', amount: 15000 }]);
    expect(await storedRates(held)).toEqual([{ place: 'propio', duration: '1h', amount: 16000 }]);
    expect([await storedPrice(id), await storedPrice(held)]).toEqual([15000, 16000]);
    expect((await panel.t.db('ads').where('id', id).first('state')).state).toBe('published');
  });
});

describe('who else sees the rates', () => {
  it("staff reviewing the ad, and the advertiser's data download", async () => {
    const owner = await advertiser();
    const id = (await call('POST', '/ads', owner.cookie, adBody)).body.id;
    expect((await call('POST', `/ads/${id}/submit`, owner.cookie)).status).toBe(200);

    const queue = (await (await panel.call('GET', '/api/admin/ads?state=pending', panel.cookies.manage_ads)).json()) as ModerationItem[];
    expect(queue.find((ad) => ad.id === id)).toMatchObject({ rates: adBody.rates, services: adBody.services });

    const exported = await call('GET', '/data', owner.cookie);
    expect(exported.status).toBe(200);
    const ad = exported.body.ads.find((a: { id: number }) => a.id === id);
    expect(ad.pricePerHour).toBe(18000);
    expect(ad.rates).toEqual([
      { place: 'propio', duration: '30min', amount: 12000 },
      { place: 'propio', duration: '1h', amount: 20000 },
      { place: 'propio', duration: '2h', amount: 36000 },
      { place: 'domicilio', duration: '1h', amount: 26000 },
      { place: 'domicilio', duration: 'noche', amount: 120000 },
      { place: 'hotel', duration: '1h', amount: 18000 },
    ]);
  });
});
