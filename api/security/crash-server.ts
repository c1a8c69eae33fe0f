// The app in a process of its own, for the crash tests (crash.test.ts, analytics/durability.test.ts) to kill with SIGKILL in the middle of its
// writes. Takes its database, data folder and identity key as one JSON argument, listens on a free loopback port
// and prints {"port": n} once it serves.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import knexFactory from 'knex';
import { knexConfig } from '#db/connection.ts';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { testConfig } from '#api/testing/http.ts';

export interface CrashServerOptions {
  url: string;
  schema?: string;
  dataDir: string;
  identityKeyHex: string;
  /** Proxies whose X-Forwarded-For is believed (tests that play many client addresses). */
  trustedProxies?: string[];
}

const options = JSON.parse(process.argv[2]!) as CrashServerOptions;
const db = knexFactory({ ...knexConfig(options.url, options.dataDir), ...(options.schema ? { searchPath: [options.schema] } : {}) });
const app = await createApp({
  db,
  config: testConfig(options.dataDir, {
    identityKey: Buffer.from(options.identityKeyHex, 'hex'),
    trustedProxies: options.trustedProxies ?? [],
  }),
  analytics: new AnalyticsWriter(db),
  mailer: new MemoryMailer(),
});
const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
