// What the search alert tests share (alerts.test.ts, alerts-job.test.ts): the app, a fake push service and its
// sender, a verified advertiser, and calls as a device, each from a source of its own.
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { sameOriginJson, serveTestApp, testConfig, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { startFakePushService, type FakePushService, type TestDevice } from '#api/testing/fake-push-service.ts';
import { webPushSender, type PushSender } from '#api/services/search-alerts-job.ts';

export let t: TestDb;
let server: TestApp;
export let push: FakePushService;
export let sender: PushSender;
export let advertiser: number;
export const HOUR = 60 * 60 * 1000;

export const subscriptionOf = (device: TestDevice) => ({ endpoint: device.endpoint, expirationTime: null, keys: device.keys });
export const deviceProof = (device: TestDevice) => ({ endpoint: device.endpoint, auth: device.keys.auth });

// Each call from a source of its own: the per-source caps have their own tests (alert-ownership.test.ts).
let sources = 0;
export async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...sameOriginJson, 'X-Forwarded-For': `2001:db8:${(++sources).toString(16)}::1` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export const subscribe = (subscription: unknown, filter = 'categoria=masajes') =>
  call('POST', '/api/search-alerts', { subscription, filter });
export const listOf = async (device: TestDevice) => (await call('POST', '/api/search-alerts/lookup', deviceProof(device))).body.alerts;

/** An alert whose mark is an hour back, so that ads published in the last hour are new to it. */
export async function alertFor(device: TestDevice, filter: string): Promise<number> {
  const { status, body } = await subscribe(subscriptionOf(device), filter);
  expect(status).toBe(201);
  await t
    .db('push_subscriptions')
    .where('id', body.alert.id)
    .update({ announced_until: new Date(Date.now() - HOUR) });
  return body.alert.id;
}

export const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Registers the file's app and fake push service: started before its tests, closed after them. */
export function useAlertsApp(): void {
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
}
