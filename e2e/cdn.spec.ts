// A caching CDN in front of the site, for real: nginx with proxy_cache, configured by `npm run cdn:nginx`'s generator
// (api/cdn/nginx-config.ts), in front of this group's production server. Each kind of route is asked twice and must be
// kept (HIT) or never kept (BYPASS) as its kind says, with the origin's security headers and an explicit Cache-Control
// on every page. Reads the demo data only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './fixtures.ts';
import { cdnNginxConfig } from '#api/cdn/nginx-config.ts';
import { NGINX_BINARY, nginxPreamble, nginxTempPaths, runNginx, type RunningNginx } from '#tooling/cluster/nginx.ts';
import { freePort } from '#tooling/free-port.ts';
import { publicAds } from '#db/queries/search-ads.ts';
import { adPath } from '#shared/ad-text.ts';

test.skip(!NGINX_BINARY, 'nginx is not installed (apt-get install -y nginx)');
test.describe.configure({ mode: 'serial' });

let nginx: RunningNginx;
let cdn: string;
let dir: string;

test.beforeAll(async () => {
  const origin = new URL(test.info().project.use.baseURL!);
  const port = await freePort();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-cdn-'));
  // nginx's worker runs as another user (nobody, when started as root) and writes the cache here.
  fs.chmodSync(dir, 0o755);
  const site = cdnNginxConfig({
    origins: [`127.0.0.1:${origin.port}`],
    listen: `127.0.0.1:${port}`,
    serverName: '_',
    cacheDir: path.join(dir, 'cache'),
  });
  const config = `${nginxPreamble(dir)}\nhttp {\n  access_log off;\n  ${nginxTempPaths(dir)}\n${site}}\n`;
  cdn = `http://127.0.0.1:${port}`;
  nginx = await runNginx(dir, config, () =>
    fetch(`${cdn}/api/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
});

test.afterAll(async () => {
  await nginx?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => fetch(cdn + url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** Asks twice: the cache status of the second answer, and that answer. */
async function twice(url: string, cookie?: string) {
  await (await get(url, cookie)).arrayBuffer();
  const second = await get(url, cookie);
  return { status: second.headers.get('x-cache-status'), response: second, body: await second.text() };
}

const SECURITY_HEADERS = ['x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'];

function expectPageHeaders(response: Response, url: string): void {
  for (const name of SECURITY_HEADERS) expect(response.headers.get(name), `${name} of ${url}`).toBeTruthy();
  expect(response.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
  expect(response.headers.get('cache-control'), `Cache-Control of ${url}`).toBeTruthy();
}

test('files of the build are kept with their headers: hashed assets for a year, pages revalidated', async () => {
  const home = await twice('/');
  expect(home.status).toBe('HIT');
  expectPageHeaders(home.response, '/');
  expect(home.response.headers.get('cache-control')).toContain('s-maxage=60');

  const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(home.body)?.[1];
  expect(asset, 'the home loads a hashed script').toBeTruthy();
  const script = await twice(asset!);
  expect(script.status).toBe('HIT');
  expect(script.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(script.response.headers.get('access-control-allow-origin')).toBe('*');
  expect(script.response.headers.get('x-content-type-options')).toBe('nosniff');

  for (const url of ['/favoritos', '/aumentar-visibilidad', '/politicas-privacidad', '/manifest.webmanifest', '/service-worker.js']) {
    const file = await twice(url);
    expect(file.status, url).toBe('HIT');
    expect(file.response.headers.get('x-content-type-options'), url).toBe('nosniff');
  }
});

test('the age gate passed without JavaScript is never answered from the cache, nor kept', async () => {
  for (const url of ['/', '/buscar?categoria=masajes', '/masajes/palermo', '/transparencia', '/en/transparency']) {
    const confirmed = await twice(url, 'velada_edad_sinjs=1');
    expect(confirmed.status, url).toBe('BYPASS');
    expect(confirmed.body, url).toContain('class="age-ok"');
    const shared = await get(url);
    expect(await shared.text(), `${url}: the shared copy keeps the gate`).not.toContain('class="age-ok"');
  }
});

test('shared pages are kept for every anonymous visitor, and skipped with a session cookie', async ({ db }) => {
  const ad = await publicAds(db).select('ads.id', 'ads.slug').orderBy('ads.id').first<{ id: number; slug: string }>();
  const urls = [
    '/buscar?categoria=masajes&barrio=palermo',
    adPath(ad),
    '/masajes/palermo',
    '/transparencia',
    '/pt/transparencia',
    '/en/transparency',
    '/transparencia.json',
  ];
  for (const url of [...urls, '/robots.txt', '/sitemap.xml', '/sitemaps/paginas.xml']) {
    const page = await twice(url);
    expect(page.response.status, url).toBe(200);
    expect(page.status, url).toBe('HIT');
    expect(page.response.headers.get('x-content-type-options'), url).toBe('nosniff');
  }
  for (const url of urls) expectPageHeaders((await twice(url)).response, url);
  for (const cookie of ['velada_sesion=abc', 'velada_admin_sesion=abc'])
    expect((await twice('/buscar?categoria=masajes&barrio=palermo', cookie)).status, cookie).toBe('BYPASS');

  const photo = /src="([^"]*\/media\/ads\/[^"]+\.webp)"/.exec((await twice(adPath(ad))).body)?.[1];
  expect(photo, 'the ad page shows a photo').toBeTruthy();
  const media = await twice(new URL(photo!, cdn).pathname);
  expect(media.status).toBe('HIT');
  expect(media.response.headers.get('content-type')).toBe('image/webp');
});

test('private pages, forms, the links in mails and the API are never kept, each with its Cache-Control', async () => {
  const urls = [
    '/ingresar',
    '/contacto',
    '/denunciar',
    '/verificar-anuncio',
    '/pt/verificar-anuncio',
    '/en/check-an-ad?telefono=hola',
    '/publicar-anuncio',
    '/mi-cuenta',
    '/admin/login',
    '/confirmar-email?token=no-existe',
    '/restablecer-clave?token=no-existe',
    '/preferencias-de-correo?firma=no-existe',
    '/api/health',
  ];
  for (const url of urls) {
    const answer = await twice(url);
    expect(answer.status, url).toBe('BYPASS');
    const cacheControl = answer.response.headers.get('cache-control') ?? '';
    expect(cacheControl, `Cache-Control of ${url}`).toMatch(/private|no-store/);
  }
  const unknown = await twice('/no-existe');
  expect(unknown.response.status).toBe(404);
  expect(unknown.status, 'a 404 is not kept').not.toBe('HIT');
});
