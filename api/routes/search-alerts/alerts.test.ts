// Search alerts through HTTP and a fake push service, on SQLite and PostgreSQL: subscribing (shapes, endpoints, the
// per-device limit), listing and unsubscribing with and without the device's secret. The job is in alerts-job.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { MAX_ALERTS_PER_DEVICE } from '#db/queries/push-subscriptions.ts';
import { storedVapidKeys } from '#db/queries/vapid-keys.ts';
import { t, push, subscriptionOf, deviceProof, call, subscribe, listOf, useAlertsApp } from './testing.ts';

useAlertsApp();

describe('subscribing', () => {
  it('keeps the subscription and the search in its canonical form, and nothing else', async () => {
    const device = push.newDevice();
    const { status, body } = await subscribe(subscriptionOf(device), '?zona=palermo&categoria=masajes&pagina=3&orden=recientes&nada=1');
    expect(status).toBe(201);
    expect(body.alert).toMatchObject({
      filter: 'categoria=masajes&zona=palermo',
      locale: 'es',
      url: '/buscar?categoria=masajes&zona=palermo',
    });
    const row = await t.db('push_subscriptions').where('id', body.alert.id).first();
    expect(Object.keys(row).sort()).toEqual(
      ['announced_until', 'auth', 'created_at', 'endpoint', 'filter', 'id', 'last_notified_at', 'locale', 'p256dh', 'send_failures'].sort(),
    );
    expect(row).toMatchObject({
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
      last_notified_at: null,
      locale: 'es',
    });
    // The same search again is the same alert.
    const again = await subscribe(subscriptionOf(device), 'categoria=masajes&zona=palermo');
    expect(again.status).toBe(200);
    expect(again.body.alert.id).toBe(body.alert.id);
    expect(await listOf(device)).toHaveLength(1);
  });

  it.each([
    ['no subscription', undefined],
    ['no keys', { endpoint: 'https://push.example.com/x1234567' }],
    ['a short p256dh key', { endpoint: 'https://push.example.com/x1234567', keys: { p256dh: 'BAAA', auth: 'a'.repeat(22) } }],
    [
      'an auth secret that is not base64',
      { endpoint: 'https://push.example.com/x1234567', keys: { p256dh: `B${'a'.repeat(86)}`, auth: '!'.repeat(22) } },
    ],
    ['an endpoint that is no URL', { endpoint: 'not a url at all', keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'a'.repeat(22) } }],
  ])('refuses %s with a Spanish message, saving nothing', async (_, subscription) => {
    const before = await t.db('push_subscriptions').count({ n: '*' }).first();
    const { status, body } = await subscribe(subscription);
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/suscripción|válid/i);
    expect(await t.db('push_subscriptions').count({ n: '*' }).first()).toEqual(before);
  });

  it('keeps the language of the page it was asked on: the search in that language, until asked from another', async () => {
    const device = push.newDevice();
    const pt = await call('POST', '/api/search-alerts', { subscription: subscriptionOf(device), filter: 'zona=palermo', locale: 'pt' });
    expect(pt).toMatchObject({ status: 201, body: { alert: { locale: 'pt', url: '/pt/busca?zona=palermo' } } });
    expect(await t.db('push_subscriptions').where('id', pt.body.alert.id).first()).toMatchObject({ locale: 'pt' });
    const en = await call('POST', '/api/search-alerts', { subscription: subscriptionOf(device), filter: 'zona=palermo', locale: 'en' });
    expect(en).toMatchObject({ status: 200, body: { alert: { id: pt.body.alert.id, locale: 'en', url: '/en/search?zona=palermo' } } });
    expect(await listOf(device)).toMatchObject([{ locale: 'en', url: '/en/search?zona=palermo' }]);
  });

  it.each([['fr'], ['PT'], [''], [7], [null]])('refuses the language %j, saving nothing', async (locale) => {
    const device = push.newDevice();
    const { status, body } = await call('POST', '/api/search-alerts', {
      subscription: subscriptionOf(device),
      filter: 'zona=palermo',
      locale,
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_input', field: 'locale' });
    expect(await t.db('push_subscriptions').where('endpoint', device.endpoint).first()).toBeUndefined();
  });

  it('refuses a search that is not text', async () => {
    const { status } = await call('POST', '/api/search-alerts', { subscription: subscriptionOf(push.newDevice()), filter: 42 });
    expect(status).toBe(400);
  });
});

describe('which push services an alert may name (production rules)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await serveTestApp(t);
  });
  afterAll(() => strict.close());

  it.each([
    'http://push.example.com/send/abc',
    'https://127.0.0.1/send/abc',
    'https://localhost/send/abc',
    'https://10.1.2.3/send/abc',
    'https://192.168.0.10/send/abc',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/send/abc',
    'https://[fd00::1]/send/abc',
    'https://intranet/send/abc',
    'https://user:pw@push.example.com/send/abc',
    'ftp://push.example.com/send/abc',
  ])('refuses %s', async (endpoint) => {
    const device = push.newDevice();
    const res = await fetch(`${strict.url}/api/search-alerts`, {
      method: 'POST',
      headers: sameOriginJson,
      body: JSON.stringify({ subscription: { endpoint, keys: device.keys }, filter: '' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_subscription');
    expect(await t.db('push_subscriptions').where('endpoint', endpoint).first()).toBeUndefined();
  });

  it('takes a public https push service', async () => {
    const device = push.newDevice();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123def456';
    const res = await fetch(`${strict.url}/api/search-alerts`, {
      method: 'POST',
      headers: sameOriginJson,
      body: JSON.stringify({ subscription: { endpoint, keys: device.keys }, filter: 'zona=palermo' }),
    });
    expect(res.status).toBe(201);
    await t.db('push_subscriptions').where('endpoint', endpoint).delete();
  });
});

describe('the per-device limit', () => {
  it(`takes ${MAX_ALERTS_PER_DEVICE} searches per device and refuses one more`, async () => {
    const device = push.newDevice();
    const barrios = [
      'palermo',
      'recoleta',
      'belgrano',
      'nunez',
      'colegiales',
      'retiro',
      'almagro',
      'caballito',
      'flores',
      'boedo',
      'liniers',
    ];
    for (const barrio of barrios.slice(0, MAX_ALERTS_PER_DEVICE))
      expect((await subscribe(subscriptionOf(device), `zona=${barrio}`)).status).toBe(201);
    const refused = await subscribe(subscriptionOf(device), `zona=${barrios[MAX_ALERTS_PER_DEVICE]}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Dejá de avisar alguna');
    expect(await listOf(device)).toHaveLength(MAX_ALERTS_PER_DEVICE);
  });
});

describe('listing and unsubscribing', () => {
  it('needs the subscription’s auth secret: a stranger neither sees nor deletes the alerts', async () => {
    const device = push.newDevice();
    const id = (await subscribe(subscriptionOf(device), 'zona=recoleta')).body.alert.id;
    const stranger = { endpoint: device.endpoint, auth: push.newDevice().keys.auth };
    expect((await call('POST', '/api/search-alerts/lookup', stranger)).body.alerts).toEqual([]);
    const refused = await call('DELETE', `/api/search-alerts/${id}`, stranger);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toContain('no existe');
    expect((await call('DELETE', `/api/search-alerts/${id}`, {})).status).toBe(400);
    expect(await listOf(device)).toHaveLength(1);

    expect((await call('DELETE', `/api/search-alerts/${id}`, deviceProof(device))).status).toBe(204);
    expect(await listOf(device)).toEqual([]);
    expect(await t.db('push_subscriptions').where('endpoint', device.endpoint).first()).toBeUndefined();
  });

  it('deletes every alert of the device at once', async () => {
    const device = push.newDevice();
    await subscribe(subscriptionOf(device), 'zona=palermo');
    await subscribe(subscriptionOf(device), 'zona=recoleta');
    const other = push.newDevice();
    await subscribe(subscriptionOf(other), 'zona=palermo');
    expect(await call('DELETE', '/api/search-alerts', deviceProof(device))).toEqual({ status: 200, body: { deleted: 2 } });
    expect(await listOf(device)).toEqual([]);
    expect(await listOf(other)).toHaveLength(1);
  });

  it('gives browsers the public key to subscribe with, the same on every call', async () => {
    const first = await call('GET', '/api/search-alerts/key');
    expect(first.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await call('GET', '/api/search-alerts/key')).body.publicKey).toBe(first.body.publicKey);
    expect((await storedVapidKeys(t.db)).publicKey).toBe(first.body.publicKey);
  });
});
