// The analytics fast path, on SQLite and PostgreSQL: the usual beacon is answered before Koa with the headers Koa
// would send and stored like any other; what it is not sure of goes to Koa untouched; a beacon it reads and cannot
// accept (over budget included) is handed to Koa, which gives the routes' refusal and does not count it twice against
// the address.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import knexFactory from 'knex';
import { createApp, type VeladaApp } from '#api/app.ts';
import { serve, testConfig, type TestServer } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { clearAnalytics, countRows } from '#tooling/testing/analytics.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { CHROME_DESKTOP, newClientIp, pageview, visitorId } from './testing.ts';

let t: TestDb;
let app: VeladaApp;
let server: TestServer;
let writer: AnalyticsWriter;
let taken = 0;

beforeAll(async () => {
  t = await createTestDb();
  writer = new AnalyticsWriter(t.db);
  app = await createApp({ db: t.db, config: testConfig(t.dataDir, { trustedProxies: ['127.0.0.1'] }), analytics: writer });
  const beacons = app.beaconPath!;
  app.beaconPath = (req, res, koa) => {
    const took = beacons(req, res, koa);
    if (took) taken += 1;
    return took;
  };
  server = await serve(app);
});
afterAll(async () => {
  await server.close();
  await writer.close();
  await t.destroy();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether the fast path took the request (it may still have handed it to Koa after reading it). */
  fast: boolean;
}

/** A POST through node:http, which sends exactly the headers given (fetch adds Sec-Fetch-* of its own in some runtimes). */
function post(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const before = taken;
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text, fast: taken > before }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const beaconHeaders = (ip: string, extra: Record<string, string> = {}) => ({
  'Content-Type': 'application/json',
  'Sec-Fetch-Site': 'same-origin',
  'User-Agent': CHROME_DESKTOP,
  'X-Forwarded-For': ip,
  ...extra,
});

/** Headers that say nothing about the response's content: compared between the two paths without them. */
const comparable = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe('the analytics fast path', () => {
  it('answers a same-origin pageview before Koa with the headers Koa sends, and stores it', async () => {
    await clearAnalytics(t.db);
    const body = JSON.stringify(pageview(visitorId(), visitorId()));
    const fast = await post('/api/analytics/track', body, beaconHeaders(newClientIp()));
    expect(fast).toMatchObject({ status: 204, fast: true, body: '' });
    // Without Sec-Fetch-Site (older browsers send Origin only) the request goes to Koa.
    const { 'Sec-Fetch-Site': _site, ...withOrigin } = beaconHeaders(newClientIp());
    const viaKoa = await post('/api/analytics/track', body, { ...withOrigin, Origin: server.url });
    expect(viaKoa).toMatchObject({ status: 204, fast: false });
    expect(comparable(fast.headers)).toEqual(comparable(viaKoa.headers));
    expect(fast.headers['cache-control']).toBe('no-store');
    expect(fast.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    await writer.drain();
    expect(await countRows(t.db, 'analytics_pageviews')).toBe(2);
  });

  it('leaves to Koa what it is not sure of: another site, another media type, a body of unknown length', async () => {
    const body = JSON.stringify(pageview(visitorId(), visitorId()));
    const crossSite = await post('/api/analytics/track', body, beaconHeaders(newClientIp(), { 'Sec-Fetch-Site': 'cross-site' }));
    expect(crossSite).toMatchObject({ status: 403, fast: false });
    const form = await post(
      '/api/analytics/track',
      body,
      beaconHeaders(newClientIp(), { 'Content-Type': 'application/x-www-form-urlencoded' }),
    );
    expect(form).toMatchObject({ status: 415, fast: false });
    const chunked = await post('/api/analytics/track', body, beaconHeaders(newClientIp(), { 'Transfer-Encoding': 'chunked' }));
    expect(chunked).toMatchObject({ status: 204, fast: false });
    const tooLarge = await post('/api/analytics/track', 'x'.repeat(9000), beaconHeaders(newClientIp()));
    expect(tooLarge).toMatchObject({ status: 413, fast: false });
    // sendBeacon's text/plain is taken on /track and /event only, as Koa's same-origin rule says.
    const consent = JSON.stringify({ visitorId: visitorId(), consentGiven: true, consentType: 'all' });
    const plainConsent = await post('/api/analytics/consent', consent, beaconHeaders(newClientIp(), { 'Content-Type': 'text/plain' }));
    expect(plainConsent).toMatchObject({ status: 415, fast: false });
    const plainExit = await post(
      '/api/analytics/track',
      body,
      beaconHeaders(newClientIp(), { 'Content-Type': 'text/plain;charset=UTF-8' }),
    );
    expect(plainExit).toMatchObject({ status: 204, fast: true });
  });

  it('hands a beacon it cannot accept to Koa, which refuses it as the routes do', async () => {
    const ip = newClientIp();
    const badField = await post('/api/analytics/track', JSON.stringify(pageview('not-a-uuid', visitorId())), beaconHeaders(ip));
    expect(badField).toMatchObject({ status: 400, fast: true });
    expect(JSON.parse(badField.body).error).toMatchObject({ code: 'invalid_input', field: 'visitorId' });
    const badJson = await post('/api/analytics/event', '{"visitorId":', beaconHeaders(ip));
    expect(badJson).toMatchObject({ status: 400, fast: true });
    expect(JSON.parse(badJson.body).error.code).toBe('invalid_json');
    expect(badJson.headers['content-type']).toMatch(/application\/json/);
  });

  it('counts each request once against the address budget, whichever path answers it', async () => {
    const ip = newClientIp();
    const body = JSON.stringify(pageview('not-a-uuid', visitorId()));
    const statuses: number[] = [];
    // 240 a minute per address: every request taken by the fast path and handed over is still one request.
    for (let i = 0; i < 240; i++) statuses.push((await post('/api/analytics/track', body, beaconHeaders(ip))).status);
    expect(new Set(statuses)).toEqual(new Set([400]));
    // The fast path counts a request while its body arrives: one over the budget is handed to Koa, whose rate
    // limit answers it from the same count, and nothing is stored.
    await writer.drain();
    const stored = await countRows(t.db, 'analytics_pageviews');
    const over = await post('/api/analytics/track', JSON.stringify(pageview(visitorId(), visitorId())), beaconHeaders(ip));
    expect(over).toMatchObject({ status: 429, fast: true });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(over.body).error.code).toBe('too_many_requests');
    await writer.drain();
    expect(await countRows(t.db, 'analytics_pageviews')).toBe(stored);
  });

  it("passes the writer's refusal on without writing the event a second time", async () => {
    // A writer whose database cannot be reached: it refuses with a 503, and counts what it is asked to write.
    class CountingWriter extends AnalyticsWriter {
      calls = 0;
      override write(item: Parameters<AnalyticsWriter['write']>[0]) {
        this.calls += 1;
        return super.write(item);
      }
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const quiet = () => undefined;
    const unreachable = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: '/nonexistent/velada/a.sqlite' },
      useNullAsDefault: true,
      acquireConnectionTimeout: 200,
      log: { warn: quiet, error: quiet, debug: quiet, deprecate: quiet },
    });
    const down = new CountingWriter(unreachable, { retryMs: 60_000 });
    const downApp = await createApp({ db: t.db, config: testConfig(t.dataDir, { trustedProxies: ['127.0.0.1'] }), analytics: down });
    const downServer = await serve(downApp);
    try {
      const res = await fetch(`${downServer.url}/api/analytics/track`, {
        method: 'POST',
        headers: beaconHeaders(newClientIp()),
        body: JSON.stringify(pageview(visitorId(), visitorId())),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('analytics_unavailable');
      expect(down.calls).toBe(1);
    } finally {
      await downServer.close();
      await down.close();
      await unreachable.destroy();
      errors.mockRestore();
    }
  });
});
