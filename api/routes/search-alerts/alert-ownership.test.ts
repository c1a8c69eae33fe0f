// Who may touch a search alert, on SQLite and PostgreSQL: knowing a device's endpoint is not enough to read, rebind
// or delete its alerts (the subscription's auth secret is the proof), a wrong secret answers like an unknown
// endpoint, and one source (an IPv4 address or an IPv6 /64) may start alerts on only so many devices a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { startFakePushService, type FakePushService, type TestDevice } from '#api/testing/fake-push-service.ts';
import { NEW_DEVICES_PER_SOURCE_PER_DAY, SUBSCRIBES_PER_SOURCE_PER_DAY } from '#api/http/budgets.ts';

let t: TestDb;
let server: TestApp;
let push: FakePushService;

beforeAll(async () => {
  t = await createTestDb();
  push = await startFakePushService();
  server = await serveTestApp(t, { config: { pushAllowsLocalServices: true, trustedProxies: ['127.0.0.1'] } });
});
afterAll(async () => {
  await server.close();
  await push.close();
  await t.destroy();
});

/** A fresh source for each call unless one is given, so that only the tests of the per-source caps meet them. */
let sourceCounter = 0;
const freshSource = () => `2001:db8:${(++sourceCounter).toString(16)}::1`;

async function call(method: string, path: string, body: unknown, from = freshSource()) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...sameOriginJson, 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const subscriptionOf = (device: TestDevice) => ({ endpoint: device.endpoint, expirationTime: null, keys: device.keys });
const subscribe = (device: TestDevice, filter: string, from?: string) =>
  call('POST', '/api/search-alerts', { subscription: subscriptionOf(device), filter }, from);
/** Someone who learnt the victim's endpoint and comes with a key pair and auth secret of their own. */
const impostorOf = (victim: TestDevice): TestDevice => ({ ...push.newDevice(), endpoint: victim.endpoint });
const proofOf = (device: TestDevice) => ({ endpoint: device.endpoint, auth: device.keys.auth });
const rowsOf = (endpoint: string) => t.db('push_subscriptions').where('endpoint', endpoint).orderBy('id');

describe('an alert belongs to whoever holds its auth secret, not its endpoint', () => {
  it('a subscription with a known endpoint and another secret neither rebinds, reads nor deletes the alerts', async () => {
    const victim = push.newDevice();
    const victimAlert = (await subscribe(victim, 'zona=palermo&q=discreta')).body.alert;
    const impostor = impostorOf(victim);

    const taken = await subscribe(impostor, 'zona=recoleta');
    expect(taken.status).toBe(201);
    // The victim's alert keeps the victim's keys.
    const victimRow = (await rowsOf(victim.endpoint)).find((row) => Number(row.id) === victimAlert.id);
    expect(victimRow).toMatchObject({ p256dh: victim.keys.p256dh, auth: victim.keys.auth });
    // The impostor sees only what the impostor made.
    const seen = await call('POST', '/api/search-alerts/lookup', proofOf(impostor));
    expect(seen.body.alerts.map((a: { filter: string }) => a.filter)).toEqual(['zona=recoleta']);
    // ...and deletes only that.
    expect(await call('DELETE', `/api/search-alerts/${victimAlert.id}`, proofOf(impostor))).toMatchObject({ status: 404 });
    expect(await call('DELETE', '/api/search-alerts', proofOf(impostor))).toEqual({ status: 200, body: { deleted: 1 } });
    const victimSees = await call('POST', '/api/search-alerts/lookup', proofOf(victim));
    expect(victimSees.body.alerts.map((a: { id: number }) => a.id)).toEqual([victimAlert.id]);
  });

  it('the same search under a known endpoint with another secret is a new alert, not the victim’s', async () => {
    const victim = push.newDevice();
    const victimAlert = (await subscribe(victim, 'zona=belgrano')).body.alert;
    const impostor = impostorOf(victim);
    const answer = await subscribe(impostor, 'zona=belgrano');
    expect(answer.status).toBe(201);
    expect(answer.body.alert.id).not.toBe(victimAlert.id);
    expect((await rowsOf(victim.endpoint)).find((row) => Number(row.id) === victimAlert.id)).toMatchObject({
      p256dh: victim.keys.p256dh,
      auth: victim.keys.auth,
    });
  });

  it('answers a wrong secret exactly like an endpoint it never saw', async () => {
    const victim = push.newDevice();
    const victimAlert = (await subscribe(victim, 'zona=nunez')).body.alert;
    const wrong = { endpoint: victim.endpoint, auth: push.newDevice().keys.auth };
    const unknown = { endpoint: push.newDevice().endpoint, auth: wrong.auth };
    for (const [method, path] of [
      ['POST', '/api/search-alerts/lookup'],
      ['DELETE', `/api/search-alerts/${victimAlert.id}`],
      ['DELETE', '/api/search-alerts'],
    ] as const)
      expect(await call(method, path, wrong)).toEqual(await call(method, path, unknown));
    const stranger = impostorOf(victim);
    const newcomer = push.newDevice();
    const [asStranger, asNewcomer] = [await subscribe(stranger, 'zona=flores'), await subscribe(newcomer, 'zona=flores')];
    expect(asStranger.status).toBe(asNewcomer.status);
    expect(Object.keys(asStranger.body.alert)).toEqual(Object.keys(asNewcomer.body.alert));
    expect((await rowsOf(victim.endpoint)).filter((row) => row.auth === victim.keys.auth)).toHaveLength(1);
  });
});

describe('alerts per source', () => {
  it(`starts alerts on at most ${NEW_DEVICES_PER_SOURCE_PER_DAY} new devices a day from one source (an IPv6 /64)`, async () => {
    const devices = Array.from({ length: NEW_DEVICES_PER_SOURCE_PER_DAY + 1 }, () => push.newDevice());
    // Different addresses of one /64 are one source.
    const from = (i: number) => `2001:db8:77:1::${(i + 1).toString(16)}`;
    for (const [i, device] of devices.slice(0, -1).entries()) expect((await subscribe(device, 'zona=boedo', from(i))).status).toBe(201);
    const refused = await subscribe(devices.at(-1)!, 'zona=boedo', from(99));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/dispositivos/);
    expect(await rowsOf(devices.at(-1)!.endpoint)).toEqual([]);
    // A device already known from there may still add a search; another source is not affected.
    expect((await subscribe(devices[0]!, 'zona=almagro', from(0))).status).toBe(201);
    expect((await subscribe(devices.at(-1)!, 'zona=boedo', '2001:db8:77:2::1')).status).toBe(201);
  });

  it(`takes at most ${SUBSCRIBES_PER_SOURCE_PER_DAY} subscriptions a day from one source`, async () => {
    const device = push.newDevice();
    const from = '198.51.100.23';
    for (let i = 0; i < SUBSCRIBES_PER_SOURCE_PER_DAY; i++)
      expect((await subscribe(device, 'zona=liniers', from)).status).toBeLessThan(300);
    const refused = await subscribe(device, 'zona=liniers', from);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/avisos de búsqueda/);
  });
});
