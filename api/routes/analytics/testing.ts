// The analytics tests' app: a fresh database, the app with its analytics writer, and helpers that
// send what the tracker sends from a browser of a chosen kind and address.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import crypto from 'node:crypto';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { clearAnalytics, countRows as countTableRows } from '#tooling/testing/analytics.ts';

export const CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export let t: TestDb;
export let server: TestApp;

/** Registers the file's app: started before its tests, closed after them. */
export function useAnalyticsApp(): void {
  beforeAll(async () => {
    t = await createTestDb();
    server = await serveTestApp(t, { config: { trustedProxies: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await server.close();
    await t.destroy();
  });
  beforeEach(async () => {
    await clearAnalytics(t.db);
  });
}

export let clientCounter = 0;
/** Each test is its own client address (X-Forwarded-For, trusted here), so rate limits do not leak between tests. */
export function newClientIp(): string {
  clientCounter += 1;
  return `10.0.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`;
}

interface SendOptions {
  userAgent?: string;
  contentType?: string;
  ip?: string;
  raw?: string;
}
/**
 * One request to an analytics endpoint; once it is answered, the inbox is drained (what the server does in the
 * background right after), so that the test reads the tables as the panel would a moment later.
 */
export async function send(path: string, body: unknown, options: SendOptions = {}): Promise<Response> {
  const res = await fetch(`${server.url}/api/analytics/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': options.contentType ?? 'application/json',
      'Sec-Fetch-Site': 'same-origin',
      'User-Agent': options.userAgent ?? CHROME_DESKTOP,
      'X-Forwarded-For': options.ip ?? newClientIp(),
    },
    body: options.raw ?? JSON.stringify(body),
  });
  await server.analytics.drain();
  return res;
}

export const visitorId = () => crypto.randomUUID();

export const countRows = (table: string, db = t.db) => countTableRows(db, table);

export function pageview(visitor: string, session: string, overrides: Record<string, unknown> = {}) {
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
export function pageexit(visitor: string, session: string, overrides: Record<string, unknown> = {}) {
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
export function customEvent(visitor: string, session: string, overrides: Record<string, unknown> = {}) {
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

export async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}
