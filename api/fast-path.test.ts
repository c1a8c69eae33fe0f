// The fast path answers built files and cached pages before Koa, with the headers Koa would send; whatever it is
// not sure of (the no-JS age variant, a host to redirect, a page not cached) Koa answers as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import { createApp, type VeladaApp } from './app.ts';
import { AnalyticsWriter } from './services/analytics-writer.ts';
import { RenderCache } from './render-cache/render-cache.ts';
import { matchesEtag, preferredEncoding } from './http/encoding.ts';
import { serve, testConfig, type TestServer } from './testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';

const HOME =
  '<!doctype html><html lang="es-AR"><head><meta http-equiv="content-security-policy" content="script-src &#39;self&#39; &#39;sha256-abc&#39;">' +
  `</head><body>Inicio ${'de Velada '.repeat(100)}</body></html>`;

/** A stand-in build: a home page with its compressed forms, a script, and a search page that counts its renders. */
function writeStandInBuild(distDir: string): void {
  const client = path.join(distDir, 'client');
  fs.mkdirSync(path.join(client, '_astro'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(client, 'index.html'), HOME);
  fs.writeFileSync(path.join(client, 'index.html.br'), zlib.brotliCompressSync(HOME));
  fs.writeFileSync(path.join(client, 'index.html.gz'), zlib.gzipSync(HOME));
  fs.writeFileSync(path.join(client, '_astro', 'app.1234.js'), 'console.log(1);');
  fs.writeFileSync(
    path.join(distDir, 'server', 'entry.mjs'),
    `let renders = 0;
     export async function handler(req, res, next, locals) {
       if (!req.url.startsWith('/buscar')) return next();
       renders += 1;
       locals.renderedVariant?.('public');
       const n = renders;
       await new Promise((resolve) => setTimeout(resolve, 30));
       res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self' 'sha256-xyz'" });
       res.end('<!doctype html><html><body>render ' + n + ' of ' + req.url + '</body></html>');
     }`,
  );
}

let analytics: AnalyticsWriter;
let t: TestDb;
let server: TestServer;
let app: VeladaApp;
let fastAnswers = 0;
let renderCache: RenderCache;

beforeAll(async () => {
  t = await createTestDb();
  const distDir = path.join(t.dataDir, 'dist');
  writeStandInBuild(distDir);
  renderCache = new RenderCache({ readVersion: () => readCatalogVersion(t.db), checkEveryMs: 60_000 });
  app = await createApp({
    db: t.db,
    config: testConfig(t.dataDir, { publicOrigin: 'https://velada.test' }),
    distDir,
    analytics: (analytics = new AnalyticsWriter(t.db)),
    renderCache,
  });
  const fast = app.fastPath!;
  app.fastPath = (req, res, koa) => {
    const answered = fast(req, res, koa);
    if (answered) fastAnswers += 1;
    return answered;
  };
  server = await serve(app);
});
afterAll(async () => {
  await server.close();
  await analytics.close();
  await t.destroy();
});

/** A request through node:http (fetch would decompress the body and hide Content-Encoding). */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${server.url}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether the request was answered by the fast path. */
async function answeredFast<T>(request: () => Promise<T>): Promise<[T, boolean]> {
  const before = fastAnswers;
  const result = await request();
  return [result, fastAnswers > before];
}

const SECURITY = ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'];

describe('built files', () => {
  it('are sent from memory in the encoding the browser prefers, with the page policy, an ETag and a 304', async () => {
    const [br, fast] = await answeredFast(() => get('/', { 'Accept-Encoding': 'gzip, deflate, br' }));
    expect(fast).toBe(true);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(HOME);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-security-policy']).toBe("script-src 'self' 'sha256-abc'; frame-ancestors 'none'");
    expect(br.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, must-revalidate');
    expect(br.headers.vary).toBe('Accept-Encoding');
    for (const name of SECURITY) expect(br.headers[name], name).toBeTruthy();

    const gz = await get('/index.html', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(HOME);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(HOME);
    expect(plain.headers.etag).toBe(br.headers.etag);

    const notModified = await get('/', { 'If-None-Match': br.headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const head = await get('/', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(gz.body.length);
    expect(head.body.length).toBe(0);
  });

  it('keep hashed assets for a year, loadable from another origin (ASSETS_ORIGIN); pages only from their own', async () => {
    const [script, fast] = await answeredFast(() => get('/_astro/app.1234.js'));
    expect(fast).toBe(true);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    // Under ASSETS_ORIGIN's host (a CDN asking the origin), from memory too; a page there goes to the public origin.
    const [fromCdn, fastFromCdn] = await answeredFast(() => get('/_astro/app.1234.js', { Host: 'cdn.velada.test' }));
    expect([fromCdn.status, fastFromCdn]).toEqual([200, true]);
    expect((await get('/', { Host: 'cdn.velada.test' })).status).toBe(301);
    expect((await get('/')).headers['access-control-allow-origin']).toBeUndefined();
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['content-security-policy']).toContain("default-src 'self'");
    expect(script.body.toString()).toBe('console.log(1);');
  });

  it('leave the age-confirmed variant, other hosts and other methods to Koa', async () => {
    const [confirmed, fastConfirmed] = await answeredFast(() => get('/', { Cookie: 'velada_edad_sinjs=1' }));
    expect(fastConfirmed).toBe(false);
    expect(confirmed.body.toString()).toContain('class="age-ok"');
    const [elsewhere, fastElsewhere] = await answeredFast(() => get('/', { Host: 'www.velada.test' }));
    expect(fastElsewhere).toBe(false);
    expect(elsewhere.status).toBe(301);
    expect(elsewhere.headers.location).toBe('https://velada.test/');
    const [posted, fastPost] = await answeredFast(() => get('/', {}, 'POST'));
    expect(fastPost).toBe(false);
    expect(posted.status).toBe(404);
  });
});

describe('cached pages', () => {
  it('are rendered once through Koa, then sent from memory with the same headers', async () => {
    const [miss, fastMiss] = await answeredFast(() => get('/buscar?orden=recientes&zz=1'));
    expect(fastMiss).toBe(false);
    expect(miss.headers['x-render-cache']).toBe('miss');
    expect(miss.body.toString()).toContain('render 1 of /buscar?orden=recientes<');
    // The page is stored once its compressed forms are made.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [hit, fastHit] = await answeredFast(() => get('/buscar?orden=recientes', { 'Accept-Encoding': 'br' }));
    expect(fastHit).toBe(true);
    expect(hit.headers['x-render-cache']).toBe('hit');
    expect(zlib.brotliDecompressSync(hit.body).toString()).toBe(miss.body.toString());
    for (const name of [...SECURITY, 'content-type', 'content-security-policy', 'cache-control'])
      expect(hit.headers[name], name).toBe(miss.headers[name]);
    expect(hit.headers['content-security-policy']).toBe("script-src 'self' 'sha256-xyz'; frame-ancestors 'none'");
    const notModified = await get('/buscar?orden=recientes', { 'If-None-Match': hit.headers.etag! });
    expect(notModified.status).toBe(304);
  });

  it('are rendered once for visitors asking at the same time', async () => {
    const pages = await Promise.all(Array.from({ length: 6 }, () => get('/buscar?orden=precio-menor')));
    const bodies = new Set(pages.map((p) => p.body.toString()));
    expect(bodies.size).toBe(1);
    expect(pages.filter((p) => p.headers['x-render-cache'] === 'miss')).toHaveLength(1);
  });

  it('leave no render in flight when a visitor leaves while the render waits its turn', async () => {
    // Eight renders fill the renderer's places; the ninth waits, and its visitor leaves before it starts. Its render
    // must end all the same, or every later request for that page would wait for it.
    const busy = Array.from({ length: 8 }, (_, i) => get(`/buscar?pagina=${i + 2}`));
    const leaving = http.request(`${server.url}/buscar?orden=verificados`);
    leaving.on('error', () => {});
    leaving.end();
    await new Promise((resolve) => setTimeout(resolve, 10));
    leaving.destroy();
    await Promise.all(busy);
    await expect.poll(() => renderCache.rendersInFlight).toBe(0);
    const again = await get('/buscar?orden=verificados');
    expect(again.status).toBe(200);
  });

  it('are never sent to a signed-in advertiser; a session cookie that names no live session is left to Koa, which serves the page', async () => {
    const token = await advertiserSessions.create(t.db, await insertAdvertiser(t.db));
    const [page, fast] = await answeredFast(() => get('/buscar?orden=recientes', { Cookie: `velada_sesion=${token}` }));
    expect(fast).toBe(false);
    expect(page.headers['x-render-cache']).toBeUndefined();
    const [anonymous, alsoFast] = await answeredFast(() => get('/buscar?orden=recientes', { Cookie: `velada_sesion=${'x'.repeat(43)}` }));
    expect(alsoFast).toBe(false);
    expect(anonymous.headers['x-render-cache']).toBe('hit');
  });
});

describe('preferredEncoding and matchesEtag', () => {
  it('read Accept-Encoding with its weights', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, identity')).toBe('identity');
    expect(preferredEncoding('deflate')).toBe('identity');
  });

  it('compare ETags weakly, in lists and with *', () => {
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});
