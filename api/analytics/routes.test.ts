// The analytics endpoints through real HTTP, on SQLite and PostgreSQL: what is accepted, stored and counted,
// what is refused (with the field named), bots, consent withdrawal, beacons and the 8 KB limit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createApp } from '#api/app.ts';
import { AnalyticsQueue } from './queue.ts';
import { serve, serveTestApp, testConfig, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { clearAnalytics, countRows as countTableRows } from '#tooling/testing/analytics.ts';

const CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestDb;
let server: TestApp;
let queue: AnalyticsQueue;

beforeAll(async () => {
  t = await createTestDb();
  // A long interval: the tests decide when the queue writes (flush), except where batching itself is tested.
  server = await serveTestApp(t, { config: { trustedProxies: ['127.0.0.1'] }, queue: { flushIntervalMs: 60_000, maxBatch: 1000 } });
  queue = server.queue;
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

beforeEach(async () => {
  await queue.flush();
  await clearAnalytics(t.db);
});

let clientCounter = 0;
/** Each test is its own client address (X-Forwarded-For, trusted here), so rate limits do not leak between tests. */
function newClientIp(): string {
  clientCounter += 1;
  return `10.0.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`;
}

interface SendOptions {
  userAgent?: string;
  contentType?: string;
  ip?: string;
  raw?: string;
}
function send(path: string, body: unknown, options: SendOptions = {}): Promise<Response> {
  return fetch(`${server.url}/api/analytics/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': options.contentType ?? 'application/json',
      'Sec-Fetch-Site': 'same-origin',
      'User-Agent': options.userAgent ?? CHROME_DESKTOP,
      'X-Forwarded-For': options.ip ?? newClientIp(),
    },
    body: options.raw ?? JSON.stringify(body),
  });
}

const visitorId = () => crypto.randomUUID();

const countRows = (table: string, db = t.db) => countTableRows(db, table);

function pageview(visitor: string, session: string, overrides: Record<string, unknown> = {}) {
  return {
    eventType: 'pageview',
    visitorId: visitor,
    sessionId: session,
    pageUrl: 'https://velada.example/buscar?categoria=masajes',
    pageTitle: 'Buscar | Velada',
    referrer: 'https://www.google.com/search?q=velada',
    userAgent: 'ignored: the header is used',
    screenResolution: '1280x720',
    source: 'google',
    medium: 'organic',
    campaign: null,
    ...overrides,
  };
}
function pageexit(visitor: string, session: string, overrides: Record<string, unknown> = {}) {
  return {
    eventType: 'pageexit',
    visitorId: visitor,
    sessionId: session,
    pageUrl: 'https://velada.example/buscar',
    timeOnPage: 42,
    clickCount: 3,
    scrollDepth: 75,
    ...overrides,
  };
}
function customEvent(visitor: string, session: string, overrides: Record<string, unknown> = {}) {
  return {
    visitorId: visitor,
    sessionId: session,
    eventName: 'phone_reveal',
    eventData: { adId: 12 },
    pageUrl: 'https://velada.example/anuncio/12-sofia',
    timestamp: new Date().toISOString(),
    ...overrides,
  };
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('POST /api/analytics/track', () => {
  it('stores a pageview with its path, title, source and the device and browser of the user agent, and no IP', async () => {
    const [v, s] = [visitorId(), visitorId()];
    const res = await send('track', pageview(v, s), { userAgent: SAFARI_IPHONE });
    expect(res.status).toBe(204);
    await queue.flush();
    const rows = await t.db('analytics_pageviews').select();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      visitor_id: v,
      session_id: s,
      page_path: '/buscar',
      page_title: 'Buscar | Velada',
      referrer_host: 'www.google.com',
      source: 'google',
      medium: 'organic',
      campaign: null,
      device_type: 'mobile',
      browser: 'Safari',
      screen: '1280x720',
    });
    // Nothing in the row holds the client's address or user agent.
    expect(JSON.stringify(rows[0])).not.toMatch(/10\.0\.|iPhone|Mozilla/);
  });

  it('takes the page-exit beacon as text/plain', async () => {
    const [v, s] = [visitorId(), visitorId()];
    const res = await send('track', pageexit(v, s), { contentType: 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(204);
    await queue.flush();
    expect(await t.db('analytics_page_exits').select('page_path', 'time_on_page', 'click_count', 'scroll_depth')).toEqual([
      { page_path: '/buscar', time_on_page: 42, click_count: 3, scroll_depth: 75 },
    ]);
  });

  it.each([
    ['timeOnPage', { timeOnPage: -1 }],
    ['timeOnPage', { timeOnPage: 24 * 60 * 60 + 1 }],
    ['scrollDepth', { scrollDepth: 101 }],
    ['scrollDepth', { scrollDepth: -5 }],
    ['clickCount', { clickCount: -1 }],
    ['clickCount', { clickCount: 'many' }],
    ['pageUrl', { pageUrl: 'javascript:alert(1)' }],
    ['visitorId', { visitorId: 'not-a-uuid' }],
  ])('rejects a page exit with a bad %s (%j)', async (field, overrides) => {
    const res = await send('track', pageexit(visitorId(), visitorId(), overrides));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
    await queue.flush();
    expect(await countRows('analytics_page_exits')).toBe(0);
  });

  it.each([
    ['pageUrl', { pageUrl: 'ftp://velada.example/' }],
    ['pageUrl', { pageUrl: `https://velada.example/${'a'.repeat(2100)}` }],
    ['pageTitle', { pageTitle: 'x'.repeat(301) }],
    ['pageTitle', { pageTitle: 'a\u0000b' }],
    ['campaign', { campaign: 'tab\there' }],
    ['referrer', { referrer: 'somewhere' }],
    ['screenResolution', { screenResolution: '1280 by 720' }],
    ['source', { source: '' }],
    ['medium', { medium: 'm'.repeat(101) }],
    ['sessionId', { sessionId: undefined }],
  ])('rejects a pageview with a bad %s', async (field, overrides) => {
    const res = await send('track', pageview(visitorId(), visitorId(), overrides));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
  });

  it('rejects an unknown eventType, naming it', async () => {
    const res = await send('track', { ...pageview(visitorId(), visitorId()), eventType: 'click' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain('eventType');
  });

  it('answers 400, never 500, to malformed JSON, in a JSON call or a beacon', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await send('track', null, { contentType, raw: '{"eventType": "pageview",' });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: 'invalid_json', message: 'El contenido no es JSON válido.' });
    }
    const empty = await send('track', null, { raw: '' });
    expect(empty.status).toBe(400);
    const notAnObject = await send('track', null, { raw: '42' });
    expect(notAnObject.status).toBe(400);
  });

  it('refuses bodies over 8 KB before parsing them, declared or streamed', async () => {
    const big = JSON.stringify(pageview(visitorId(), visitorId(), { pageTitle: 'x'.repeat(9000) }));
    const declared = await send('track', null, { raw: big });
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).message).toBe('El contenido supera el tamaño máximo (8 KB).');

    // Chunked, without a Content-Length: cut off while reading.
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/analytics/track`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain',
        'Sec-Fetch-Site': 'same-origin',
        'User-Agent': CHROME_DESKTOP,
        'X-Forwarded-For': newClientIp(),
      },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('refuses other media types and calls from other sites', async () => {
    const form = await send('track', null, { contentType: 'application/x-www-form-urlencoded', raw: 'a=1' });
    expect(form.status).toBe(415);
    const crossSite = await fetch(`${server.url}/api/analytics/track`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'cross-site', 'User-Agent': CHROME_DESKTOP },
      body: JSON.stringify(pageview(visitorId(), visitorId())),
    });
    expect(crossSite.status).toBe(403);
  });

  it('accepts bots with the same 204 and stores nothing of them', async () => {
    const v = visitorId();
    expect((await send('track', pageview(v, v), { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await send('event', customEvent(v, v), { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await send('consent', { visitorId: v, consentGiven: true, consentType: 'all' }, { userAgent: GOOGLEBOT })).status).toBe(204);
    // Even an invalid payload: a bot learns nothing from the answer.
    expect((await send('track', { eventType: 'nonsense' }, { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await send('track', pageview(v, v), { userAgent: '' })).status).toBe(204);
    await queue.flush();
    for (const table of ['analytics_pageviews', 'analytics_events', 'analytics_consents']) {
      expect(await countRows(table)).toBe(0);
    }
  });

  it('limits how fast one address can send, with a Spanish 429', async () => {
    const ip = newClientIp();
    const v = visitorId();
    const statuses: number[] = [];
    for (let i = 0; i < 245; i++) statuses.push((await send('track', pageexit(v, v), { ip })).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(240);
    expect(statuses.slice(240)).toEqual([429, 429, 429, 429, 429]);
    const refused = await send('track', pageexit(v, v), { ip });
    expect((await errorOf(refused)).message).toBe('Demasiadas solicitudes. Esperá un momento y volvé a intentar.');
    // Another address is not affected.
    expect((await send('track', pageexit(v, v))).status).toBe(204);
  });
});

describe('POST /api/analytics/event', () => {
  it('stores a custom event with its data', async () => {
    const [v, s] = [visitorId(), visitorId()];
    expect((await send('event', customEvent(v, s))).status).toBe(204);
    await queue.flush();
    const rows = await t.db('analytics_events').select('visitor_id', 'event_name', 'event_data', 'page_path');
    expect(rows).toEqual([{ visitor_id: v, event_name: 'phone_reveal', event_data: '{"adId":12}', page_path: '/anuncio/12-sofia' }]);
  });

  it.each([
    ['eventName', { eventName: 'Has Spaces' }],
    ['eventName', { eventName: 'e'.repeat(65) }],
    ['eventData', { eventData: { note: 'x'.repeat(501) } }],
    ['eventData', { eventData: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key${i}`, 'v'.repeat(40)])) }],
    ['eventData', { eventData: { nested: { deep: true } } }],
    ['timestamp', { timestamp: 'yesterday' }],
    ['pageUrl', { pageUrl: '/relative' }],
  ])('rejects a bad %s', async (field, overrides) => {
    const res = await send('event', customEvent(visitorId(), visitorId(), overrides));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
  });
});

describe('POST /api/analytics/consent', () => {
  it('records each choice, with or without a visitor id', async () => {
    const v = visitorId();
    expect((await send('consent', { visitorId: v, consentGiven: true, consentType: 'all' })).status).toBe(204);
    expect((await send('consent', { visitorId: null, consentGiven: false, consentType: 'necessary' })).status).toBe(204);
    await queue.flush();
    const rows = await t.db('analytics_consents').orderBy('id').select('visitor_id', 'consent_given', 'consent_type');
    expect(rows.map((r) => ({ ...r, consent_given: Boolean(r.consent_given) }))).toEqual([
      { visitor_id: v, consent_given: true, consent_type: 'all' },
      { visitor_id: null, consent_given: false, consent_type: 'necessary' },
    ]);
  });

  it.each([
    ['consentType', { visitorId: null, consentGiven: true, consentType: 'everything' }],
    ['consentGiven', { visitorId: null, consentGiven: 'yes', consentType: 'all' }],
    ['visitorId', { visitorId: 'abc', consentGiven: true, consentType: 'all' }],
  ])('rejects a bad %s', async (field, body) => {
    const res = await send('consent', body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
  });

  it('stops storing the events of a visitor who withdrew consent, from the moment of the withdrawal', async () => {
    const [v, s] = [visitorId(), visitorId()];
    await send('consent', { visitorId: v, consentGiven: true, consentType: 'all' });
    await send('track', pageview(v, s));
    await queue.flush();
    // Withdrawn and followed by more events in the same batch: only the earlier pageview stays.
    await send('consent', { visitorId: v, consentGiven: true, consentType: 'marketing' });
    await send('track', pageview(v, s));
    await send('track', pageexit(v, s));
    await send('event', customEvent(v, s));
    await queue.flush();
    await send('track', pageview(v, s));
    await queue.flush();
    expect(await countRows('analytics_pageviews')).toBe(1);
    expect(await countRows('analytics_page_exits')).toBe(0);
    expect(await countRows('analytics_events')).toBe(0);

    // Accepting again counts again.
    await send('consent', { visitorId: v, consentGiven: true, consentType: 'analytics' });
    await send('track', pageview(v, s));
    await queue.flush();
    expect(await countRows('analytics_pageviews')).toBe(2);
  });
});

describe('batching', () => {
  it('answers before writing, and writes everything it accepted when closed', async () => {
    const db = t.db;
    const slowQueue = new AnalyticsQueue(db, { flushIntervalMs: 60_000, maxBatch: 10_000 });
    const app = await createApp({ db, config: testConfig(t.dataDir, { trustedProxies: ['127.0.0.1'] }), analytics: slowQueue });
    const other = await serve(app);
    const v = visitorId();
    const sent = 120;
    const responses = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        fetch(`${other.url}/api/analytics/track`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'User-Agent': CHROME_DESKTOP },
          body: JSON.stringify(pageview(v, v, { pageUrl: `https://velada.example/p/${i}` })),
        }),
      ),
    );
    expect(responses.every((r) => r.status === 204)).toBe(true);
    expect(await countRows('analytics_pageviews', db)).toBe(0);
    expect(slowQueue.size).toBe(sent);
    await other.close();
    await slowQueue.close();
    expect(await countRows('analytics_pageviews', db)).toBe(sent);
    expect((await analyticsSummary(db)).pageViewsToday).toBe(sent);
  });

  it('writes on its own after the interval, or as soon as a batch is full', async () => {
    const timed = new AnalyticsQueue(t.db, { flushIntervalMs: 50, maxBatch: 1000 });
    const v = visitorId();
    timed.push({ kind: 'consent', at: new Date(), visitorId: v, consentGiven: true, consentType: 'all' });
    await expect.poll(() => countRows('analytics_consents')).toBe(1);

    const full = new AnalyticsQueue(t.db, { flushIntervalMs: 60_000, maxBatch: 3 });
    for (let i = 0; i < 3; i++) full.push({ kind: 'consent', at: new Date(), visitorId: v, consentGiven: true, consentType: 'all' });
    await expect.poll(() => countRows('analytics_consents')).toBe(4);
    await timed.close();
    await full.close();
    expect(() => full.push({ kind: 'consent', at: new Date(), visitorId: v, consentGiven: true, consentType: 'all' })).toThrow();
  });
});
