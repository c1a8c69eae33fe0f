// The alerts job against slow and failing push services, on SQLite and PostgreSQL: sends run side by side but never
// more than SEND_CONCURRENCY at once, an endpoint that fails is tried once per run, and after GIVE_UP_AFTER_FAILURES
// failed runs in a row its alerts are deleted (a success in between starts the count again).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { startFakePushService, type FakePushService, type TestDevice } from '#api/testing/fake-push-service.ts';
import { subscribeAlert } from '#db/queries/push-subscriptions.ts';
import { GIVE_UP_AFTER_FAILURES, runSearchAlerts, SEND_CONCURRENCY, webPushSender, type PushSender } from './search-alerts-job.ts';

let t: TestDb;
let push: FakePushService;
let advertiser: number;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestDb();
  push = await startFakePushService();
  advertiser = await insertAdvertiser(t.db, { verificationStatus: 'verified' });
});
afterAll(async () => {
  await push.close();
  await t.destroy();
});
beforeEach(async () => {
  await t.db('push_subscriptions').delete();
  push.deliveries.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  push.answer = () => 201;
  vi.restoreAllMocks();
});

/** An alert on `filter` whose mark is an hour back, so that ads published since are news to it. */
async function alertFor(device: TestDevice, filter: string): Promise<number> {
  const saved = await subscribeAlert(t.db, { endpoint: device.endpoint, ...device.keys }, filter, 'es', new Date(Date.now() - HOUR));
  if ('tooMany' in saved) throw new Error('too many');
  return saved.alert.id;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('sending', () => {
  it(`tells many devices side by side, at most ${SEND_CONCURRENCY} at a time`, async () => {
    const devices = Array.from({ length: SEND_CONCURRENCY * 2 + 3 }, () => push.newDevice());
    for (const device of devices) await alertFor(device, 'q=cardenal');
    await insertAd(t.db, advertiser, { title: 'Cardenal masajes', publishedAt: minutesAgo(5) });
    let inFlight = 0;
    let most = 0;
    const slow: PushSender = {
      async send() {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 100));
        inFlight--;
        return { outcome: 'sent', status: 201 };
      },
    };
    expect(await runSearchAlerts(t.db, slow)).toMatchObject({ sent: devices.length, failed: 0 });
    expect(most).toBe(SEND_CONCURRENCY);
  });
});

describe('an endpoint that keeps failing', () => {
  const sender = () => webPushSender(t.db, testConfig(t.dataDir, { pushAllowsLocalServices: true }));
  const rowsOf = (device: TestDevice) => t.db('push_subscriptions').where('endpoint', device.endpoint);

  it(`is tried once per run and given up after ${GIVE_UP_AFTER_FAILURES} failed runs in a row; a success starts over`, async () => {
    const failing = push.newDevice();
    const healthy = push.newDevice();
    await alertFor(failing, 'q=benteveo');
    await alertFor(failing, 'q=benteveo&zona=palermo');
    await alertFor(healthy, 'q=benteveo&zona=recoleta');
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes', barrio: 'palermo', publishedAt: minutesAgo(5) });
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes', barrio: 'recoleta', publishedAt: minutesAgo(5) });
    const failingPath = new URL(failing.endpoint).pathname;
    push.answer = (path) => (path === failingPath ? 500 : 201);

    for (let run = 1; run < GIVE_UP_AFTER_FAILURES; run++) {
      const before = push.deliveries.length;
      await runSearchAlerts(t.db, sender());
      // One attempt per run for the failing endpoint, whatever its number of alerts.
      expect(push.deliveries.slice(before).filter((d) => d.path === failingPath)).toHaveLength(1);
      expect((await rowsOf(failing)).map((row) => Number(row.send_failures))).toEqual([run, run]);
    }
    // A success resets the count: the endpoint has its whole allowance again.
    push.answer = () => 201;
    await runSearchAlerts(t.db, sender());
    expect((await rowsOf(failing)).map((row) => Number(row.send_failures))).toEqual([0, 0]);

    await t.db('push_subscriptions').update({ last_notified_at: null, announced_until: minutesAgo(60) });
    push.answer = (path) => (path === failingPath ? 503 : 201);
    for (let run = 1; run < GIVE_UP_AFTER_FAILURES; run++) await runSearchAlerts(t.db, sender());
    expect(await rowsOf(failing)).toHaveLength(2);
    await runSearchAlerts(t.db, sender());
    expect(await rowsOf(failing)).toEqual([]);
    expect(await rowsOf(healthy)).toHaveLength(1);
  });

  it('counts a service that does not answer at all as a failure', async () => {
    const device = push.newDevice();
    await alertFor(device, 'q=hornero');
    await insertAd(t.db, advertiser, { title: 'Hornero masajes', publishedAt: minutesAgo(5) });
    const gone = { ...device, endpoint: 'http://127.0.0.1:1/push/nobody' };
    await t.db('push_subscriptions').update({ endpoint: gone.endpoint });
    expect(await runSearchAlerts(t.db, sender())).toMatchObject({ sent: 0, failed: 1 });
    expect((await rowsOf(gone)).map((row) => Number(row.send_failures))).toEqual([1]);
  });
});
