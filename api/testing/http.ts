// Serves a Koa app on a free loopback port for a test file, so tests go through real HTTP.
import crypto from 'node:crypto';
import http from 'node:http';
import type Koa from 'koa';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '#api/config.ts';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter, type AnalyticsWriterOptions } from '#api/services/analytics-writer.ts';
import { type Mailer } from '#core/mail/mail.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { AdStatsCounter } from '#api/services/ad-stats.ts';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function serve(app: Koa): Promise<TestServer> {
  const server = http.createServer(app.callback());
  // The tests' fetch keeps connections to the server it shares the process with. A test that holds the thread for
  // seconds (hashing 10,000 numbers on a busy machine) let the server's 5 s idle timer and the client's next request
  // fall due together: the request went out on a socket being closed (ECONNRESET). Idle connections are kept longer
  // than any such pause; close() ends the idle ones at once, and any left after a second (a request still being
  // answered) then: the test is over, and a connection must not hold its teardown for the keep-alive timeout.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        const ending = setTimeout(() => server.closeAllConnections(), 1_000);
        server.close(() => {
          clearTimeout(ending);
          resolve();
        });
      }),
  };
}

/** Fixed within a run: test apps sharing a database find each other's alerts, as processes sharing a key do. */
const TEST_ALERT_PHONE_KEY = crypto.randomBytes(32);

/** A fresh random identity key per test app: documents of one test never decrypt in another. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }),
    identityKey: crypto.randomBytes(32),
    alertPhoneKey: TEST_ALERT_PHONE_KEY,
    ...overrides,
  };
  // As loadConfig does: links follow the public origin when a test sets one.
  if (overrides.publicOrigin && !overrides.siteOrigin) config.siteOrigin = overrides.publicOrigin;
  return config;
}

/** Headers of a same-origin JSON call, as the site's own pages send them. */
export const sameOriginJson = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' };

/** A GET through node:http, which (unlike fetch) lets a test choose the Host header. */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

export interface TestApp extends TestServer {
  analytics: AnalyticsWriter;
  /** The ads' statistics counter: written only when the test calls flush(). */
  adStats: AdStatsCounter;
}

/** The whole app on a free port for a test file, with its own analytics writer; close() stops both (not the db). */
export async function serveTestApp(
  t: { db: Knex; dataDir: string },
  options: { config?: Partial<Config>; analytics?: AnalyticsWriterOptions; mailer?: Mailer } = {},
): Promise<TestApp> {
  const analytics = new AnalyticsWriter(t.db, options.analytics);
  // Mail stays in memory unless a test passes its own mailer: tests never write an outbox.
  const mailer = options.mailer ?? new MemoryMailer();
  const adStats = new AdStatsCounter(t.db, { flushEveryMs: 3_600_000 });
  const server = await serve(await createApp({ db: t.db, config: testConfig(t.dataDir, options.config), analytics, mailer, adStats }));
  return {
    url: server.url,
    analytics,
    adStats,
    async close() {
      await server.close();
      await analytics.close();
      await adStats.close();
    },
  };
}
