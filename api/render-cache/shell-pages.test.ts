// Search misses filled into the page's shell (decision 058), with a stand-in build whose page renders markers when
// asked for its shell: the shells are used only once they give the page a render gives, a miss filled is counted as a
// render is and kept once asked for again (or by several visitors at once, filled once for them all), and a fill
// that fails is rendered instead. The real search page's shells are checked by the
// server itself at every start (site/server/search-page-parts.ts, checkUrls) and in e2e/search.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { RenderCache } from './render-cache.ts';
import { serve, testConfig, type TestServer } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { html } from '#shared/html.ts';
import type { ShellPage } from '#shared/page-shell.ts';
import { AGE_NOJS_COOKIE } from '#shared/age-cookie.ts';

/** The stand-in search page: a heading and a list from `q`, escaped as Astro escapes text and attribute values;
 * markers in its shell. */
const STAND_IN_ENTRY = `
const escape = (s) => s.replace(/[&<>'"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' })[c]);
const attribute = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
export async function handler(req, res, next, locals) {
  if (!req.url.startsWith('/buscar')) return next();
  const q = new URL(req.url, 'http://x').searchParams.get('q') ?? '';
  const shell = locals.searchPageShell;
  if (!shell) globalThis.standInRenders = (globalThis.standInRenders ?? 0) + 1;
  locals.renderedVariant?.('public');
  const heading = shell ? '@@velada-part:heading@@' : escape('Avisos de ' + q);
  const description = shell ? '@@velada-part:heading@@' : attribute('Avisos de ' + q);
  const results = shell ? '@@velada-part:results@@' : '<ul><li>' + escape(q) + '</li></ul>';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self' 'sha256-xyz'" });
  res.end('<!doctype html><html><head><title>' + heading + '</title><meta name="description" content="' + description + '"></head>' +
    '<body><h1>' + heading + '</h1>' + results + '</body></html>');
}`;

const renders = () => (globalThis as { standInRenders?: number }).standInRenders ?? 0;

/** The stand-in page as the site would describe it; `heading` may be made to differ from the page's. */
function shellPage(heading = (q: string) => `Avisos de ${q}`): ShellPage {
  return {
    path: '/buscar',
    shells: { only: { searchPageShell: { noindex: true } } },
    async partsOf(_locals, url) {
      const q = url.searchParams.get('q') ?? '';
      if (q === 'falla') throw new Error('the search failed');
      if (q === 'lenta') {
        slowFills += 1;
        await slowGate;
      }
      return {
        shell: 'only',
        values: {
          heading: heading(q),
          results: html`<ul><li>${q}</li></ul>`,
        },
        listed: [7, 9],
      };
    },
    checkUrls: ['/buscar?q=%22a%26b%22+%3Cc%3E'],
  };
}

/** A search whose fill waits for this gate, and how many times it was filled. */
let slowGate: Promise<void> = Promise.resolve();
let slowFills = 0;

let t: TestDb;
let server: TestServer;
let analytics: AnalyticsWriter;
let renderCache: RenderCache;

async function start(page: ShellPage): Promise<void> {
  t = await createTestDb();
  const distDir = path.join(t.dataDir, 'dist');
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'client'), { recursive: true });
  // A file of its own per app: the module (and its render count) is not shared with another test's.
  fs.writeFileSync(path.join(distDir, 'server', 'entry.mjs'), STAND_IN_ENTRY);
  renderCache = new RenderCache({ readVersion: () => readCatalogVersion(t.db), checkEveryMs: 60_000 });
  analytics = new AnalyticsWriter(t.db);
  const app = await createApp({ db: t.db, config: testConfig(t.dataDir), distDir, analytics, renderCache, shellPages: [page] });
  server = await serve(app);
}

afterEach(async () => {
  await server?.close();
  await analytics?.close();
  await t?.destroy();
  vi.restoreAllMocks();
});

/** Asks for the page until the shells are known (made or refused): the first miss starts making them. */
async function untilShellsSettle(): Promise<void> {
  await fetch(`${server.url}/buscar?q=primera`);
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await fetch(`${server.url}/buscar?q=espera-${i}`);
    await res.text();
    if (res.headers.get('content-length') || i > 20) return;
  }
}

describe('search misses filled into the shell', () => {
  it('are filled once for visitors asking at the same time, who all get the page, kept since more than one asked', async () => {
    await start(shellPage());
    await untilShellsSettle();
    let open!: () => void;
    slowGate = new Promise((resolve) => (open = resolve));
    slowFills = 0;
    const asking = Array.from({ length: 5 }, () => fetch(`${server.url}/buscar?q=lenta`));
    await vi.waitFor(() => expect(slowFills).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the other four reach the server and wait
    open();
    const answers = await Promise.all(asking);
    const bodies = await Promise.all(answers.map((res) => res.text()));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('<h1>Avisos de lenta</h1>');
    expect(slowFills).toBe(1);
    expect((await fetch(`${server.url}/buscar?q=lenta`)).headers.get('x-render-cache')).toBe('hit');
    expect(slowFills).toBe(1);
  });

  it('are the page a render gives, escaped as Astro escapes, kept and counted as a render is, without rendering', async () => {
    await start(shellPage());
    await untilShellsSettle();
    const before = renders();
    const hostile = `"><script>alert(1)</script>&'`;
    const res = await fetch(`${server.url}/buscar?q=${encodeURIComponent(hostile)}`);
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-render-cache')).toBe('miss');
    // Answered whole (a render is streamed), without an ETag (made on its first answer from the cache).
    expect(res.headers.get('content-length')).toMatch(/^\d+$/);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("'sha256-xyz'");
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(renders()).toBe(before);
    expect(body).toBe(
      '<!doctype html><html><head><title>Avisos de &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;</title>' +
        `<meta name="description" content="Avisos de &quot;><script>alert(1)</script>&amp;'"></head>` +
        '<body><h1>Avisos de &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;</h1>' +
        '<ul><li>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;</li></ul></body></html>',
    );
    // Kept from its second miss (a one-off search is not), with the ads it lists (counted again on every answer
    // from the cache).
    const url = `${server.url}/buscar?q=${encodeURIComponent(hostile)}`;
    const second = await fetch(url);
    expect(second.headers.get('x-render-cache')).toBe('miss');
    expect(await second.text()).toBe(body);
    const again = await fetch(url);
    expect(again.headers.get('x-render-cache')).toBe('hit');
    expect(again.headers.get('etag')).toMatch(/^W\//);
    expect(await again.text()).toBe(body);
    const version = await renderCache.currentVersion();
    expect(renderCache.get(`public /buscar?${new URLSearchParams({ q: hostile })}`, version)?.shows).toEqual({
      listed: [7, 9],
      viewed: null,
    });
    expect(renders()).toBe(before);
  });

  it('are rendered when the age-confirmed variant or a HEAD is asked for', async () => {
    await start(shellPage());
    await untilShellsSettle();
    const before = renders();
    await (await fetch(`${server.url}/buscar?q=con-cookie`, { headers: { Cookie: `${AGE_NOJS_COOKIE}=1` } })).text();
    await fetch(`${server.url}/buscar?q=cabeza`, { method: 'HEAD' });
    expect(renders()).toBe(before + 2);
  });

  it('are rendered, and the reason logged, when a filled shell is not the page a render gives', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await start(shellPage((q) => `Otra cosa: ${q}`));
    await untilShellsSettle();
    const before = renders();
    const res = await fetch(`${server.url}/buscar?q=hola`);
    expect(await res.text()).toContain('<h1>Avisos de hola</h1>');
    expect(res.headers.get('content-length')).toBeNull();
    expect(renders()).toBe(before + 1);
    expect(logged.mock.calls.flat().join(' ')).toMatch(/Page shells: \/buscar is rendered on every miss.*differ from byte/);
  });

  it('are rendered when filling one fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await start(shellPage());
    await untilShellsSettle();
    const before = renders();
    const res = await fetch(`${server.url}/buscar?q=falla`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1>Avisos de falla</h1>');
    expect(renders()).toBe(before + 1);
    expect(logged.mock.calls.flat().join(' ')).toContain('Page shells: filling /buscar failed, rendered instead');
  });
});
