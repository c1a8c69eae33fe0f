// Sending to a push service, on SQLite and PostgreSQL (the VAPID keys live in the database): the service's name is
// resolved once, checked, and the connection made to that very address (no second lookup a name could be re-pointed
// between); a name leading inside is refused without a connection; a service that does not answer is given up on.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { startFakePushService, type FakePushService, type TestDevice } from '#api/testing/fake-push-service.ts';
import type { PushAlert } from '#db/queries/push-subscriptions.ts';
import { webPushSender, type HostLookup } from './push-sender.ts';

let t: TestDb;
let push: FakePushService;

beforeAll(async () => {
  t = await createTestDb();
  push = await startFakePushService();
});
afterAll(async () => {
  await push.close();
  await t.destroy();
});

const message = { title: 'Velada', body: '1 aviso nuevo en tu búsqueda', url: '/buscar', alertId: 1, stop: 'Dejar de avisar' };
const alertTo = (endpoint: string, device: TestDevice): PushAlert => ({
  id: 1,
  endpoint,
  p256dh: device.keys.p256dh,
  auth: device.keys.auth,
  filter: '',
  locale: 'es',
  createdAt: new Date(),
  lastNotifiedAt: null,
  announcedUntil: new Date(),
  sendFailures: 0,
});

/** A resolver that answers `first` once and `later` afterwards: a name re-pointed after it was checked. */
function rebinding(first: string[], later: string[]) {
  const asked: string[] = [];
  const lookup: HostLookup = async (host) => {
    asked.push(host);
    return (asked.length === 1 ? first : later).map((address) => ({ address, family: net.isIP(address) }));
  };
  return { lookup, asked };
}

describe('the connection to a push service', () => {
  it('goes to the address that was checked: the name is resolved once', async () => {
    const device = push.newDevice();
    const { port, pathname } = new URL(device.endpoint);
    const endpoint = `http://push.velada.test:${port}${pathname}`;
    const { lookup, asked } = rebinding(['127.0.0.1'], ['10.66.0.1']);
    const sender = webPushSender(t.db, testConfig(t.dataDir, { pushAllowsLocalServices: true }), { lookup });
    const before = push.deliveries.length;
    expect((await sender.send(alertTo(endpoint, device), message)).outcome).toBe('sent');
    expect(asked).toEqual(['push.velada.test']);
    expect(push.deliveries.slice(before)).toHaveLength(1);
    expect(JSON.parse(push.deliveries.at(-1)!.text!)).toEqual(message);
  });

  it.each([
    ['the metadata service', ['169.254.169.254']],
    ['a public and a loopback address', ['142.250.79.10', '127.0.0.1']],
    ['a NAT64 address of a private one', ['64:ff9b::a9fe:a9fe']],
    ['nothing', []],
  ])('is not made when the name of an allowed host leads to %s', async (_, addresses) => {
    const { lookup, asked } = rebinding(addresses, ['142.250.79.10']);
    const config = testConfig(t.dataDir, { pushServiceHosts: ['push.velada.test'] });
    const sender = webPushSender(t.db, config, { lookup });
    const outcome = await sender.send(alertTo('https://push.velada.test/send/abc', push.newDevice()), message);
    expect(outcome).toEqual({ outcome: 'failed' });
    expect(asked).toEqual(['push.velada.test']);
  });

  it('is not made to a host off the list, whatever it resolves to', async () => {
    const { lookup, asked } = rebinding(['142.250.79.10'], []);
    const sender = webPushSender(t.db, testConfig(t.dataDir), { lookup });
    expect(await sender.send(alertTo('https://push.example.com/send/abc', push.newDevice()), message)).toEqual({ outcome: 'failed' });
    expect(asked).toEqual([]);
  });

  it('is given up when the service does not answer in time', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const sender = webPushSender(t.db, testConfig(t.dataDir, { pushAllowsLocalServices: true }), { timeoutMs: 300 });
      const outcome = await sender.send(alertTo(`http://127.0.0.1:${port}/push/silent`, push.newDevice()), message);
      expect(outcome).toEqual({ outcome: 'failed' });
    } finally {
      silent.close();
    }
  });
});
