// The render cache against requests made to abuse it (the second round of outside audits): a gate cookie written so
// that the page reads it otherwise than the key (finding 1), answers other than 200 kept by shared caches (finding 11),
// a client that never reads its page (finding 12). The build is a stand-in whose layout reads the gate cookie
// decoded, as a careless page would, and reports the variant it rendered.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { RenderCache } from './render-cache.ts';
import { serve, testConfig, type TestServer } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { AGE_NOJS_COOKIE } from '#shared/age-cookie.ts';

/** Big enough to fill the socket's buffers both ways on loopback: a client that does not read holds the rest. */
const BIG_PAGE_BYTES = 24 * 1024 * 1024;

function writeStandInBuild(distDir: string): void {
  fs.mkdirSync(path.join(distDir, 'client'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'server', 'entry.mjs'),
    `export async function handler(req, res, next, locals) {
       const url = new URL(req.url, 'http://velada.test');
       if (url.pathname.startsWith('/anuncio/')) { res.writeHead(404); res.end(); return; }
       if (url.pathname !== '/buscar') return next();
       const cookie = /(?:^|;\\\\s*)${AGE_NOJS_COOKIE}=([^;]*)/.exec(req.headers.cookie ?? '');
       const gateOpen = cookie !== null && decodeURIComponent(cookie[1].trim()) === '1';
       locals.renderedVariant?.(gateOpen ? 'age-confirmed' : 'public');
       res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
       res.write('<!doctype html><html' + (gateOpen ? ' class="age-ok"' : '') + '><body>' + req.url);
       if (url.searchParams.get('q')?.startsWith('lento')) await new Promise((resolve) => setTimeout(resolve, 500));
       if (url.searchParams.get('q') === 'grande') {
         await new Promise((resolve) => setTimeout(resolve, 200));
         res.write('x'.repeat(${BIG_PAGE_BYTES}));
       }
       res.end('</body></html>');
     }`,
  );
}

let analytics: AnalyticsWriter;
let t: TestDb;
let server: TestServer;
let cache: RenderCache;

beforeAll(async () => {
  t = await createTestDb();
  const distDir = path.join(t.dataDir, 'dist');
  writeStandInBuild(distDir);
  cache = new RenderCache({ readVersion: () => readCatalogVersion(t.db), maxBytes: 256 * 1024 * 1024 });
  const app = await createApp({
    db: t.db,
    // Behind a proxy on loopback, so that each test client (X-Forwarded-For) is a source of its own.
    config: testConfig(t.dataDir, { trustedProxies: ['127.0.0.1'] }),
    distDir,
    analytics: (analytics = new AnalyticsWriter(t.db)),
    renderCache: cache,
  });
  server = await serve(app);
});
afterAll(async () => {
  await server.close();
  await analytics.close();
  await t.destroy();
});

async function get(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${pathname}`, { headers, redirect: 'manual' });
  return {
    status: res.status,
    cache: res.headers.get('x-render-cache'),
    cacheControl: res.headers.get('cache-control'),
    body: await res.text(),
  };
}

describe('the render cache under hostile requests', () => {
  it('never keeps a page under the public key when the render read the gate cookie otherwise (finding 1)', async () => {
    for (const cookie of [`${AGE_NOJS_COOKIE}=%31`, `${AGE_NOJS_COOKIE}=%31; ${AGE_NOJS_COOKIE}=0`]) {
      const pathname = `/buscar?categoria=masajes&q=${encodeURIComponent(cookie)}`;
      const attack = await get(pathname, { Cookie: cookie });
      expect(attack.status).toBe(200);
      // The next visitor without a cookie gets the gate closed, rendered for them, not the attacker's page.
      const visitor = await get(pathname);
      expect(visitor.body).not.toContain('age-ok');
      expect(visitor.cache).toBe('miss');
      expect((await get(pathname)).cache).toBe('hit');
    }
  });

  it('marks only 200 answers shareable: a missing ad is not kept by shared caches (finding 11)', async () => {
    const missing = await get('/anuncio/un-aviso-que-no-existe-999999');
    expect(missing.status).toBe(404);
    expect(missing.cacheControl).toBe('no-store');
    expect((await get('/anuncio/un-aviso-que-no-existe-999999')).cache).toBe('miss');
  });

  it('keeps a page once rendered though its client never reads it, and serves the visitors who waited for it (finding 12)', async () => {
    const pathname = '/buscar?categoria=masajes&q=grande';
    const stores = cache.stats().stores;
    // A client that asks and never reads a byte of the answer.
    const url = new URL(server.url);
    const idle = net.connect(Number(url.port), url.hostname);
    idle.pause();
    idle.write(`GET ${pathname} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
    try {
      await vi.waitFor(() => expect(cache.rendersInFlight).toBe(1), { timeout: 10_000 });
      // Asked while that render runs: served from it once it ends, not rendered again after a wait.
      const visitor = await get(pathname);
      expect(visitor.cache).toBe('hit');
      expect(visitor.body.length).toBeGreaterThan(BIG_PAGE_BYTES);
      expect(cache.stats().stores).toBe(stores + 1);
    } finally {
      idle.destroy();
    }
  });
});

/** A GET with its path sent as written (fetch would resolve dot segments). */
function rawGet(pathname: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = http.request({ host: url.hostname, port: url.port, path: pathname }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('one address per shared page (finding 6)', () => {
  it('redirects every other spelling of a shared page to it, with the query kept', async () => {
    for (const variant of ['/buscar/', '//buscar', '/bu%73car', '/./buscar', '/x/../buscar', '/%62uscar//']) {
      expect(await rawGet(`${variant}?categoria=masajes`), variant).toEqual({ status: 301, location: '/buscar?categoria=masajes' });
    }
    expect(await rawGet('/buscar/resultados/?q=a')).toEqual({ status: 301, location: '/buscar/resultados?q=a' });
    expect(await rawGet('/masajes/palermo/')).toEqual({ status: 301, location: '/masajes/palermo' });
    expect(await rawGet('/anuncio/un-aviso-12/')).toEqual({ status: 301, location: '/anuncio/un-aviso-12' });
    // Other paths are not this middleware's to judge.
    expect((await rawGet('/mi-cuenta/')).status).not.toBe(301);
  });
});

describe('render places shared between sources (finding 6)', () => {
  const search = (from: string, q: string) =>
    fetch(`${server.url}/buscar?q=${q}`, { headers: { 'X-Forwarded-For': from } }).then(async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: await res.text(),
    }));

  it('refuses one source past its share while every place is taken, and still renders for the others', async () => {
    // One source asks for 40 uncached searches at once (8 places); then another visitor asks for one.
    const flood = Array.from({ length: 40 }, (_, i) => search('203.0.113.66', `lento-${i}`));
    await vi.waitFor(() => expect(cache.rendersInFlight).toBeGreaterThanOrEqual(8), { timeout: 10_000 });
    const other = await search('2001:db8:99::1', 'lento-otro');
    const answers = await Promise.all(flood);
    expect(other.status).toBe(200);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(refused[0]!.retryAfter).toBe('2');
    expect(refused[0]!.body).toContain('Pediste muchas páginas a la vez');
  });
});
