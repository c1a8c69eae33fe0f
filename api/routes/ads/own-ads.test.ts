// An advertiser's own ads through HTTP on SQLite and PostgreSQL: drafts from the form, validation, sending for
// review with red-flag screening, edits going back to review, and nobody reaching another advertiser's ad.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

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

async function advertiser(status: 'unverified' | 'pending' | 'verified' = 'verified') {
  const id = await insertAdvertiser(t.db, { verificationStatus: status });
  return { id, cookie: await advertiserSessions.create(t.db, id) };
}

async function call(method: string, path: string, cookie: string | undefined, body?: unknown) {
  const res = await fetch(`${server.url}/api/advertiser/ads${path}`, {
    method,
    headers: { ...sameOriginJson, ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const validAd = {
  title: 'Masajes descontracturantes en Palermo',
  category: 'masajes',
  barrio: 'palermo',
  description: 'Masajes con aceites en un ambiente tranquilo y limpio. Atiendo con turno previo de lunes a viernes.',
  phone: '11 5555-0000',
  rates: { propio: { '1h': 20000, '2h': 36000 } },
  days: ['lunes-viernes'],
  slots: ['tarde', 'nocturno'],
  languages: ['espanol', 'ingles'],
  services: ['presencial'],
  attention: ['individual'],
  plan: 'premium',
};

describe('drafts from the form', () => {
  it('creates a draft with every field and lists it only to its owner', async () => {
    const owner = await advertiser();
    const created = await call('POST', '', owner.cookie, validAd);
    expect(created).toMatchObject({ status: 201, body: { state: 'draft' } });
    const ad = (await call('GET', `/${created.body.id}`, owner.cookie)).body;
    expect(ad).toMatchObject({
      title: validAd.title,
      category: 'masajes',
      barrio: 'palermo',
      phone: '+5491155550000',
      rates: { propio: { '1h': 20000, '2h': 36000 } },
      pricePerHour: 20000,
      days: ['lunes-viernes'],
      slots: ['tarde', 'nocturno'],
      languages: ['espanol', 'ingles'],
      state: 'draft',
      plan: 'gratuito',
      requestedPlan: 'premium',
    });
    expect((await call('GET', '', owner.cookie)).body.map((a: { id: number }) => a.id)).toEqual([created.body.id]);
    const stranger = await advertiser();
    expect((await call('GET', '', stranger.cookie)).body).toEqual([]);
    expect((await call('GET', '', undefined)).status).toBe(401);
  });

  it.each([
    ['title', { title: 'Hola' }, 'El título debe tener al menos 5 caracteres.'],
    ['category', { category: 'otra' }, 'Elegí una categoría.'],
    ['barrio', { barrio: 'springfield' }, 'Elegí un barrio de la lista.'],
    ['description', { description: 'Muy corta' }, 'Contá un poco más: la descripción necesita al menos 30 caracteres.'],
    ['phone', { phone: 'llamame' }, 'Escribí un teléfono argentino válido, con código de área (por ejemplo 11 5555 0123).'],
    ['rates.propio.1h', { rates: { propio: { '1h': 12.5 } } }, 'Cada tarifa debe ser un número entero de pesos.'],
  ])('refuses a bad %s with its message and creates nothing', async (field, patch, detail) => {
    const owner = await advertiser();
    const answer = await call('POST', '', owner.cookie, { ...validAd, ...patch });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ field, detail });
    expect(await t.db('ads').where('advertiser_id', owner.id)).toHaveLength(0);
  });
});

describe('sending for review', () => {
  it('needs a verification sent or approved, holds red flags for staff, and happens once', async () => {
    const unverified = await advertiser('unverified');
    const draft = (await call('POST', '', unverified.cookie, validAd)).body.id;
    expect((await call('POST', `/${draft}/submit`, unverified.cookie)).body.error.code).toBe('not_verified');
    expect((await t.db('ads').where('id', draft).first()).state).toBe('draft');

    const waiting = await advertiser('pending');
    const flagged = (
      await call('POST', '', waiting.cookie, { ...validAd, description: `${validAd.description} Soy colegiala y tengo 17 años.` })
    ).body.id;
    const answers = await Promise.all([
      call('POST', `/${flagged}/submit`, waiting.cookie),
      call('POST', `/${flagged}/submit`, waiting.cookie),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const row = await t.db('ads').where('id', flagged).first();
    expect(row.state).toBe('pending');
    expect(JSON.parse(row.review_flags)).toEqual([
      { kind: 'posible_menor', match: 'colegiala' },
      { kind: 'posible_menor', match: '17 anos' },
    ]);
  });

  it("an edit of a published ad goes back to review; an edit of another advertiser's ad changes nothing", async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, { title: 'Aviso publicado de prueba', state: 'published' });
    const edited = await call('PUT', `/${adId}`, owner.cookie, { ...validAd, title: 'Aviso publicado y editado' });
    expect(edited.body).toMatchObject({ title: 'Aviso publicado y editado', state: 'pending' });

    const stranger = await advertiser();
    const before = await t.db('ads').where('id', adId).first();
    for (const [method, path, body] of [
      ['GET', `/${adId}`, undefined],
      ['PUT', `/${adId}`, { ...validAd, title: 'Intento de otra persona' }],
      ['POST', `/${adId}/submit`, undefined],
    ] as const) {
      const answer = await call(method, path, stranger.cookie, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.message).toBe('El anuncio no existe o no es tuyo.');
    }
    expect(await t.db('ads').where('id', adId).first()).toEqual(before);
  });
});
