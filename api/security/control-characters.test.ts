// Control characters in what visitors send, on SQLite and PostgreSQL: a NUL byte (which PostgreSQL cannot store
// in text) or any other C0 control character, DEL or a lone surrogate in any text field is a 400 that names the
// field, and nothing is written. Tabs and line breaks stay allowed: descriptions and messages have lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { databaseFingerprint, rawRequest } from './testing.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

let t: TestDb;
let server: TestApp;
let advertiserCookie = '';
let adId = 0;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t);
  await ensureSuperAdmin(t.db, 'clave-super-segura-1');
  const advertiserId = await insertAdvertiser(t.db, { email: 'ana@example.com' });
  adId = await insertAd(t.db, advertiserId, { title: 'Aviso con texto de prueba' });
  advertiserCookie = await advertiserSessions.create(t.db, advertiserId);
  // The analytics inbox opened here, not during a test's count (see fingerprint below): on SQLite the first drain
  // starts the drain thread, which takes seconds on a busy machine.
  await server.analytics.drain();
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const visitor = '0b6f2d52-8a47-4c1e-9d3a-2f1e6b7c8d90';
const session = '4c3b2a19-0f8e-4d7c-b6a5-948372615f0e';

/** Endpoints that take text without a session, each with a body it accepts and the text fields to spoil. */
const anonymous: { path: string; body: Record<string, unknown>; fields: string[] }[] = [
  {
    path: '/api/reports',
    body: { adReference: 'VEL-123', reason: 'estafa', details: 'Pide una seña por adelantado.', contactEmail: 'vecina@example.com' },
    fields: ['adReference', 'reason', 'details', 'contactEmail'],
  },
  {
    path: '/api/contact',
    body: { name: 'Vecina Curiosa', email: 'vecina@example.com', topic: 'consulta', message: 'Quería saber cómo funciona el sitio.' },
    fields: ['name', 'email', 'topic', 'message'],
  },
  {
    path: '/api/advertiser/register',
    body: { fullName: 'Nueva Anunciante', email: 'nueva@example.com', password: 'una-clave-bien-larga', acceptsTerms: true },
    fields: ['fullName', 'email', 'password'],
  },
  { path: '/api/advertiser/login', body: { email: 'ana@example.com', password: 'una-clave-bien-larga' }, fields: ['email', 'password'] },
  { path: '/api/advertiser/forgot-password', body: { email: 'ana@example.com' }, fields: ['email'] },
  { path: '/api/advertiser/resend-confirmation', body: { email: 'ana@example.com' }, fields: ['email'] },
  { path: '/api/advertiser/confirm-email', body: { token: 'x'.repeat(43) }, fields: ['token'] },
  {
    path: '/api/advertiser/reset-password',
    body: { token: 'x'.repeat(43), password: 'una-clave-bien-larga' },
    fields: ['token', 'password'],
  },
  { path: '/api/admin/login', body: { username: 'velada_admin', password: 'clave-super-segura-1' }, fields: ['username', 'password'] },
  {
    path: '/api/analytics/consent',
    body: { visitorId: visitor, consentGiven: true, consentType: 'all' },
    fields: ['visitorId', 'consentType'],
  },
  {
    path: '/api/analytics/track',
    body: {
      eventType: 'pageview',
      visitorId: visitor,
      sessionId: session,
      pageUrl: 'https://velada.example/buscar',
      pageTitle: 'Buscar | Velada',
      referrer: 'direct',
      userAgent: CHROME,
      screenResolution: '1920x1080',
      source: 'direct',
      medium: 'none',
      campaign: 'verano',
    },
    fields: ['eventType', 'visitorId', 'pageUrl', 'pageTitle', 'referrer', 'userAgent', 'screenResolution', 'source', 'medium', 'campaign'],
  },
  {
    path: '/api/analytics/event',
    body: {
      visitorId: visitor,
      sessionId: session,
      eventName: 'contact_click',
      eventData: { channel: 'whatsapp' },
      pageUrl: 'https://velada.example/anuncio/1',
      timestamp: '2025-01-01T12:00:00.000Z',
    },
    fields: ['eventName', 'eventData.channel', 'pageUrl', 'timestamp'],
  },
];

/** NUL, other C0 controls, DEL and a lone surrogate; each spoils a value in its middle. */
const CONTROL = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['backspace', '\u0008'],
  ['vertical tab', '\u000b'],
  ['form feed', '\u000c'],
  ['escape', '\u001b'],
  ['unit separator', '\u001f'],
  ['DEL', '\u007f'],
  ['lone surrogate', '\ud800'],
] as const;

function spoil(body: Record<string, unknown>, field: string, bad: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = field.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  const value = String(target[last]);
  const middle = Math.floor(value.length / 2);
  target[last] = `${value.slice(0, middle)}${bad}${value.slice(middle)}`;
  return copy;
}

/**
 * The database once settled. The app's analytics writer drains its inbox in the background: on SQLite its first
 * drain (a worker thread, slow to start on a busy machine) opens the inbox file and records the file's mark in the
 * main database, and any event accepted meanwhile reaches its tables only when drained. Draining here first makes
 * the count independent of when that happens, and makes an accepted event show as a change.
 */
async function fingerprint() {
  await server.analytics.drain();
  return databaseFingerprint(t.db);
}

function post(path: string, body: unknown, cookie?: string) {
  return rawRequest(server.url, {
    method: 'POST',
    path,
    headers: { ...sameOriginJson, 'User-Agent': CHROME, ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('control characters in anonymous requests', () => {
  // One test per endpoint (each a few dozen requests, with a time budget of its own), counted on its own: a write
  // shows under the endpoint that made it.
  it.each(anonymous.map((endpoint) => [endpoint.path, endpoint] as const))(
    '%s refuses each of them in every text field with a 400 naming the field, and writes nothing',
    async (path, { body, fields }) => {
      const before = await fingerprint();
      const failures: string[] = [];
      for (const field of fields) {
        for (const [name, bad] of CONTROL) {
          const res = await post(path, spoil(body, field, bad));
          const error = res.text
            ? (JSON.parse(res.text) as { error?: { code?: string; field?: string; message?: string } }).error
            : undefined;
          const ok =
            res.status === 400 &&
            error?.code === 'invalid_input' &&
            error.field === field &&
            error.message === `Dato inválido: ${field}. El texto tiene caracteres de control que no se pueden guardar.`;
          if (!ok) failures.push(`${path} ${field} (${name}): ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await fingerprint()).toEqual(before);
    },
  );
});

describe('control characters in signed-in requests', () => {
  it('refuses them in an ad and leaves the ad as it was', async () => {
    const before = await fingerprint();
    const ad = {
      title: 'Masajes descontracturantes en Palermo',
      category: 'masajes',
      barrio: 'palermo',
      description: 'Masajes con aceites en un ambiente tranquilo y limpio. Atiendo con turno previo.',
      phone: '11 5555-0000',
    };
    for (const field of ['title', 'description', 'phone', 'category', 'barrio']) {
      for (const [method, path] of [
        ['POST', '/api/advertiser/ads'],
        ['PUT', `/api/advertiser/ads/${adId}`],
      ] as const) {
        const res = await rawRequest(server.url, {
          method,
          path,
          headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${advertiserCookie}` },
          body: JSON.stringify(spoil(ad, field, '\u0000')),
        });
        expect({ field, method, status: res.status, body: JSON.parse(res.text) }).toMatchObject({
          field,
          method,
          status: 400,
          body: { error: { code: 'invalid_input', field } },
        });
      }
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('what stays allowed', () => {
  it('takes tabs and line breaks in a message, and accents and emoji anywhere', async () => {
    const res = await post('/api/contact', {
      name: 'Señora Muñoz 🌷',
      email: 'munoz@example.com',
      topic: 'consulta',
      message: 'Hola:\r\n\tQuería saber cómo publicar.\nGracias 🙂',
    });
    expect(res.status).toBe(201);
    const saved = await t.db('contact_messages').where('email', 'munoz@example.com').first();
    expect(saved).toMatchObject({ name: 'Señora Muñoz 🌷', message: 'Hola:\r\n\tQuería saber cómo publicar.\nGracias 🙂' });
  });

  it('refuses __proto__ and constructor keys without touching any prototype', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const raw = `{"name":"Vecina","email":"vecina@example.com","topic":"consulta","message":"Quería saber cómo funciona.","${key}":{"polluted":"yes","prototype":{"polluted":"yes"}}}`;
      const res = await rawRequest(server.url, { method: 'POST', path: '/api/contact', headers: sameOriginJson, body: raw });
      expect({ key, status: res.status }).toEqual({ key, status: 400 });
      expect(JSON.parse(res.text).error).toMatchObject({ code: 'invalid_input', field: key });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});
