// Stopping the server (SIGTERM/SIGINT in production) loses none of the analytics events it acknowledged.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import knexFactory from 'knex';
import { createApp } from './app.ts';
import { AnalyticsWriter } from './services/analytics-writer.ts';
import { buildSearchIndex, localIdentityKey, secureDataDir, stopServing } from './main.ts';
import { stoppable } from './server-stop.ts';
import { RenderCache } from './render-cache/render-cache.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { adRow, insertAdvertiser } from '#tooling/factories/index.ts';
import { testConfig } from './testing/http.ts';
import { createTestDb } from '#tooling/testing/test-db.ts';
import { countRows, inboxPending } from '#tooling/testing/analytics.ts';

describe('stopServing', () => {
  it('closes the database after draining the analytics items of the requests it answered', async () => {
    const t = await createTestDb();
    // The server gets a connection of its own, which stopServing closes; t.db stays open to check the result.
    const db = knexFactory({ ...t.db.client.config });
    const analytics = new AnalyticsWriter(db);
    const server = http.createServer((await createApp({ db, config: testConfig(t.dataDir), analytics })).callback());
    const stopServer = stoppable(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/analytics/event`;
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Sec-Fetch-Site': 'same-origin',
            'User-Agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0',
            Connection: 'close',
          },
          body: JSON.stringify({
            visitorId: '6a1d2c3b-0000-4000-8000-000000000001',
            sessionId: '6a1d2c3b-0000-4000-8000-000000000002',
            eventName: 'search',
            eventData: { n: i },
            pageUrl: 'https://velada.example/buscar',
            timestamp: new Date().toISOString(),
          }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 204)).toBe(true);
    // Acknowledged means committed (to the inbox, if not drained yet): nothing is left waiting in memory. (Read in
    // this order, an item the drain moves in between is counted twice, never missed.)
    expect((await inboxPending(t.db)) + (await countRows(t.db, 'analytics_events'))).toBeGreaterThanOrEqual(50);
    expect(analytics.size).toBe(0);

    await stopServing(stopServer, analytics, db);
    expect(await countRows(t.db, 'analytics_events')).toBe(50);
    expect(await inboxPending(t.db)).toBe(0);
    await expect(db.raw('select 1')).rejects.toThrow();
    await t.destroy();
  });
});

describe('stopServing behind a load balancer', () => {
  it('answers requests on keep-alive connections with Connection: close instead of serving them until forced to exit', async () => {
    const t = await createTestDb();
    const db = knexFactory({ ...t.db.client.config });
    const analytics = new AnalyticsWriter(db);
    const server = http.createServer((await createApp({ db, config: testConfig(t.dataDir), analytics })).callback());
    const stopServer = stoppable(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // Like nginx's upstream keep-alive: a few connections, each carrying one request after another.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes: string[] = [];
    const get = () =>
      new Promise<string>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.on('error', () => resolve('cut mid-answer'));
          res.resume();
          res.on('end', () => resolve(`${res.statusCode} ${res.headers.connection}`));
        });
        // Before any answer: refused (the server stopped listening) or reset on a kept connection it closed once idle;
        // either way nothing was answered, and a load balancer sends it to another process.
        req.on('error', () => resolve('not answered'));
      });
    const client = async () => {
      for (;;) {
        const outcome = await get();
        outcomes.push(outcome);
        if (outcome === 'not answered') return;
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // One request surely in flight when the stop begins (its body is still on its way): it must be answered. Without
    // the closing answers the stop never ends: the clients keep bringing requests on their connections.
    const slow = http.request({ host: '127.0.0.1', port, path: '/api/health', method: 'POST', agent, headers: { 'Content-Length': 4 } });
    const slowOutcome = new Promise<string>((resolve) => {
      slow.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve('answered'));
      });
      slow.on('error', () => resolve('not answered'));
    });
    slow.write('ab');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = stopServing(stopServer, analytics, db);
    slow.end('cd');
    await stopping;
    await Promise.all(clients);
    agent.destroy();
    expect(outcomes.filter((o) => o === 'cut mid-answer')).toEqual([]);
    expect(outcomes).toContain('200 keep-alive');
    // Answered in full.
    expect(await slowOutcome).toBe('answered');
    await t.destroy();
  });
});

describe('localIdentityKey', () => {
  it('makes one machine-local key outside production, keeps it, and refuses to run production without IDENTITY_KEY', async () => {
    const t = await createTestDb();
    try {
      const config = testConfig(t.dataDir, { identityKey: undefined });
      const first = localIdentityKey(config);
      expect(first).toHaveLength(32);
      const file = path.join(t.dataDir, 'identity.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(localIdentityKey(config).equals(first)).toBe(true);
      expect(() => localIdentityKey({ ...config, env: 'production' })).toThrow('IDENTITY_KEY is required in production');
    } finally {
      await t.destroy();
    }
  });
});

describe('secureDataDir', () => {
  it('makes the data folder 0700 and the SQLite files 0600, also when they were created open', async () => {
    const t = await createTestDb();
    try {
      fs.chmodSync(t.dataDir, 0o755);
      const file = path.join(t.dataDir, 'velada.sqlite');
      fs.writeFileSync(file, '', { mode: 0o644 });
      fs.writeFileSync(`${file}-wal`, '', { mode: 0o644 });
      secureDataDir({ dataDir: t.dataDir });
      expect(fs.statSync(t.dataDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    } finally {
      await t.destroy();
    }
  });
});

describe('buildSearchIndex', () => {
  it('has the index of the catalogue in force ready before the first search', async () => {
    const t = await createTestDb();
    try {
      const advertiser = await insertAdvertiser(t.db);
      await t
        .db('ads')
        .insert([
          adRow(advertiser, { title: 'Masajes descontracturantes' }),
          adRow(advertiser, { title: 'Masajes con piedras calientes' }),
          adRow(advertiser, { title: 'Aviso en pausa', state: 'paused' }),
        ]);
      const renderCache = new RenderCache({ readVersion: () => readCatalogVersion(t.db) });
      const holder = await buildSearchIndex(t.db, renderCache);
      // Without the build before listening, the first search finds no index and goes to the database.
      const index = await holder.current();
      expect(index?.version).toBe(await readCatalogVersion(t.db));
      expect(index?.size).toBe(2);
      holder.close();
    } finally {
      await t.destroy();
    }
  });
});
