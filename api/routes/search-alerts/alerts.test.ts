// Search alerts through HTTP and a fake push service, on SQLite and PostgreSQL: subscribing (shapes, endpoints, the
// per-device limit), listing and unsubscribing with and without the device's secret, the job's deliveries (the text a
// phone shows, TTL and urgency, only new matching ads), the daily cap, a device gone (410), retention, and on
// PostgreSQL two processes' schedulers running the job once per interval.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sameOriginJson, serveTestApp, testConfig, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { startFakePushService, type FakePushService, type TestDevice } from '#api/testing/fake-push-service.ts';
import { runSearchAlerts, webPushSender, type PushSender } from '#api/services/search-alerts-job.ts';
import { scheduledJobs } from '#api/jobs.ts';
import { startScheduledJobs } from '#api/scheduler/scheduler.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { deleteStaleAlerts, MAX_ALERTS_PER_DEVICE } from '#db/queries/push-subscriptions.ts';
import { storedVapidKeys } from '#db/queries/vapid-keys.ts';

let t: TestDb;
let server: TestApp;
let push: FakePushService;
let sender: PushSender;
let advertiser: number;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestDb();
  push = await startFakePushService();
  server = await serveTestApp(t, { config: { pushAllowsLocalServices: true, trustedProxies: ['127.0.0.1'] } });
  sender = webPushSender(t.db, testConfig(t.dataDir, { pushAllowsLocalServices: true }));
  advertiser = await insertAdvertiser(t.db, { verificationStatus: 'verified' });
});
afterAll(async () => {
  await server.close();
  await push.close();
  if (t.schema) await t.db.raw(`drop schema if exists ${t.schema}_jobs cascade`);
  await t.destroy();
});
afterEach(() => {
  push.answer = () => 201;
  vi.restoreAllMocks();
});

const subscriptionOf = (device: TestDevice) => ({ endpoint: device.endpoint, expirationTime: null, keys: device.keys });
const deviceProof = (device: TestDevice) => ({ endpoint: device.endpoint, auth: device.keys.auth });

// Each call from a source of its own: the per-source caps have their own tests (alert-ownership.test.ts).
let sources = 0;
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...sameOriginJson, 'X-Forwarded-For': `2001:db8:${(++sources).toString(16)}::1` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const subscribe = (subscription: unknown, filter = 'categoria=masajes') => call('POST', '/api/search-alerts', { subscription, filter });
const listOf = async (device: TestDevice) => (await call('POST', '/api/search-alerts/lookup', deviceProof(device))).body.alerts;

/** An alert whose mark is an hour back, so that ads published in the last hour are new to it. */
async function alertFor(device: TestDevice, filter: string): Promise<number> {
  const { status, body } = await subscribe(subscriptionOf(device), filter);
  expect(status).toBe(201);
  await t
    .db('push_subscriptions')
    .where('id', body.alert.id)
    .update({ announced_until: new Date(Date.now() - HOUR) });
  return body.alert.id;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('subscribing', () => {
  it('keeps the subscription and the search in its canonical form, and nothing else', async () => {
    const device = push.newDevice();
    const { status, body } = await subscribe(subscriptionOf(device), '?zona=palermo&categoria=masajes&pagina=3&orden=recientes&nada=1');
    expect(status).toBe(201);
    expect(body.alert).toMatchObject({ filter: 'categoria=masajes&zona=palermo', url: '/buscar?categoria=masajes&zona=palermo' });
    const row = await t.db('push_subscriptions').where('id', body.alert.id).first();
    expect(Object.keys(row).sort()).toEqual(
      ['announced_until', 'auth', 'created_at', 'endpoint', 'filter', 'id', 'last_notified_at', 'p256dh', 'send_failures'].sort(),
    );
    expect(row).toMatchObject({ endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, last_notified_at: null });
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

describe('the alerts job', () => {
  beforeEach(async () => {
    await t.db('push_subscriptions').delete();
    push.deliveries.length = 0;
  });

  it('tells how many new ads match, discreetly, through the device’s push service', async () => {
    const device = push.newDevice();
    const id = await alertFor(device, 'q=benteveo&zona=palermo');
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes relajantes', barrio: 'palermo', publishedAt: minutesAgo(30) });
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes con piedras', barrio: 'palermo', publishedAt: minutesAgo(20) });
    const newest = minutesAgo(10);
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes suaves', barrio: 'palermo', publishedAt: newest });
    // Not counted: published before the mark, elsewhere, or not public.
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes de antes', barrio: 'palermo', publishedAt: minutesAgo(120) });
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes en otro barrio', barrio: 'recoleta', publishedAt: minutesAgo(15) });
    await insertAd(t.db, advertiser, {
      title: 'Benteveo masajes en pausa',
      barrio: 'palermo',
      publishedAt: minutesAgo(15),
      state: 'paused',
    });

    const now = new Date();
    expect(await runSearchAlerts(t.db, sender, now)).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(push.deliveries).toHaveLength(1);
    const [delivery] = push.deliveries;
    expect(JSON.parse(delivery!.text!)).toEqual({
      title: 'Velada',
      body: '3 avisos nuevos en tu búsqueda',
      url: '/buscar?q=benteveo&zona=palermo',
      alertId: id,
    });
    expect(delivery!.headers).toMatchObject({ ttl: '86400', urgency: 'low', 'content-encoding': 'aes128gcm' });
    const { publicKey } = await storedVapidKeys(t.db);
    expect(delivery!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));

    const row = await t.db('push_subscriptions').where('id', id).first();
    expect(new Date(row.last_notified_at).getTime()).toBe(now.getTime());
    expect(new Date(row.announced_until).getTime()).toBe(newest.getTime());
  });

  it('says "1 aviso nuevo" for one, and sends nothing for a search without news', async () => {
    const one = push.newDevice();
    await alertFor(one, 'q=calandria');
    await alertFor(push.newDevice(), 'q=hornero');
    await insertAd(t.db, advertiser, { title: 'Calandria masajes', publishedAt: minutesAgo(5) });
    await runSearchAlerts(t.db, sender);
    expect(push.deliveries).toHaveLength(1);
    expect(JSON.parse(push.deliveries[0]!.text!).body).toBe('1 aviso nuevo en tu búsqueda');
    expect(push.deliveries[0]!.path).toBe(new URL(one.endpoint).pathname);
  });

  it('tells each search at most once a day, then counts what came meanwhile', async () => {
    const device = push.newDevice();
    await alertFor(device, 'q=chingolo');
    await insertAd(t.db, advertiser, { title: 'Chingolo masajes', publishedAt: minutesAgo(30) });
    const start = new Date();
    await runSearchAlerts(t.db, sender, start);
    expect(push.deliveries).toHaveLength(1);

    await insertAd(t.db, advertiser, { title: 'Chingolo masajes nuevos', publishedAt: new Date() });
    await insertAd(t.db, advertiser, { title: 'Chingolo masajes otros', publishedAt: new Date() });
    expect(await runSearchAlerts(t.db, sender, new Date(start.getTime() + HOUR))).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(await runSearchAlerts(t.db, sender, new Date(start.getTime() + 23 * HOUR))).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(push.deliveries).toHaveLength(1);

    await runSearchAlerts(t.db, sender, new Date(start.getTime() + 24 * HOUR + 60_000));
    expect(push.deliveries).toHaveLength(2);
    expect(JSON.parse(push.deliveries[1]!.text!).body).toBe('2 avisos nuevos en tu búsqueda');
  });

  it('deletes every alert of a device its push service says is gone (410, 404)', async () => {
    for (const status of [410, 404]) {
      const device = push.newDevice();
      await alertFor(device, 'q=zorzal');
      await alertFor(device, 'q=zorzal&zona=palermo');
      await insertAd(t.db, advertiser, { title: `Zorzal masajes ${status}`, publishedAt: minutesAgo(5) });
      push.answer = () => status;
      expect((await runSearchAlerts(t.db, sender)).gone).toBe(1);
      expect(await t.db('push_subscriptions').where('endpoint', device.endpoint).first()).toBeUndefined();
    }
  });

  it('logs a failed delivery without the endpoint, and tries again next run', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')));
    const device = push.newDevice();
    const id = await alertFor(device, 'q=tijereta');
    await insertAd(t.db, advertiser, { title: 'Tijereta masajes', publishedAt: minutesAgo(5) });
    push.answer = () => 500;
    expect(await runSearchAlerts(t.db, sender)).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(errors.join('\n')).toContain('500');
    expect(errors.join('\n')).not.toContain(new URL(device.endpoint).pathname);
    expect((await t.db('push_subscriptions').where('id', id).first()).last_notified_at).toBeNull();

    push.answer = () => 201;
    expect(await runSearchAlerts(t.db, sender)).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(JSON.parse(push.deliveries.at(-1)!.text!).body).toBe('1 aviso nuevo en tu búsqueda');
  });

  it('deletes alerts that told nothing for 12 months', async () => {
    const now = new Date();
    const old = push.newDevice();
    const fresh = push.newDevice();
    const told = push.newDevice();
    const oldId = await alertFor(old, 'zona=palermo');
    const freshId = await alertFor(fresh, 'zona=palermo');
    const toldId = await alertFor(told, 'zona=palermo');
    const thirteenMonthsAgo = new Date(now.getTime() - 395 * 24 * HOUR);
    await t.db('push_subscriptions').where('id', oldId).update({ created_at: thirteenMonthsAgo });
    await t
      .db('push_subscriptions')
      .where('id', toldId)
      .update({ created_at: thirteenMonthsAgo, last_notified_at: new Date(now.getTime() - 30 * 24 * HOUR) });
    expect(await deleteStaleAlerts(t.db, now)).toBe(1);
    expect((await t.db('push_subscriptions').whereIn('id', [oldId, freshId, toldId]).pluck('id')).map(Number).sort()).toEqual(
      [freshId, toldId].sort(),
    );
  });
});

describe.runIf(process.env.VELADA_TEST_DIALECT === 'postgres')('two processes on one PostgreSQL database', () => {
  beforeEach(async () => {
    await t.db('push_subscriptions').delete();
    push.deliveries.length = 0;
  });

  it('run the alerts job once per interval between them: one notification', { timeout: 60_000 }, async () => {
    const device = push.newDevice();
    await alertFor(device, 'q=golondrina');
    await insertAd(t.db, advertiser, { title: 'Golondrina masajes', publishedAt: minutesAgo(5) });
    let runs = 0;
    const alertsJob = () => {
      const job = scheduledJobs({
        db: t.db,
        store: diskStore(t.dataDir),
        mailer: new MemoryMailer(),
        siteOrigin: 'https://velada.example',
        pushSender: sender,
      }).find((j) => j.name === 'search-alerts')!;
      return { ...job, run: async (now: Date) => void (runs++, await job.run(now)) };
    };
    const options = { pgBossSchema: `${t.schema}_jobs`, pollEveryMs: 500 };
    const first = await startScheduledJobs(t.db, [alertsJob()], options);
    const second = await startScheduledJobs(t.db, [alertsJob()], options);
    try {
      const end = Date.now() + 20_000;
      while (push.deliveries.length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // time for a second run, if there were one
    } finally {
      await Promise.all([first(), second()]);
    }
    expect(runs).toBe(1);
    expect(push.deliveries).toHaveLength(1);
  });
});
