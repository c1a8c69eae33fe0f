// Page weight: the JavaScript each public page of the production build makes the browser load, gzip-compressed
// (zlib level 9) and raw. Every page is opened in a fresh headless Chromium context as a returning visitor
// (age already confirmed), and every script response is recorded until the network is idle, so island
// components loaded after hydration count too. Inline scripts are reported apart. One JSON line.
import os from 'node:os';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { openDb } from '#db/connection.ts';
import { publicAds } from '#db/queries/search-ads.ts';
import { adPath } from '#shared/ad-text.ts';
import { ensureBenchData } from './lib/bench-data.ts';
import { BENCH_DATABASE_URL, BENCH_DATA_DIR, isMain, log } from './lib/common.ts';
import { ensureSiteBuild, startAppServer } from './lib/processes.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const gzipSize = (body: Buffer | string) => zlib.gzipSync(body, { level: 9 }).length;

async function anAdPath(): Promise<string> {
  const db = openDb(BENCH_DATABASE_URL, BENCH_DATA_DIR);
  try {
    const ad: { id: number; slug: string } = await publicAds(db).select('ads.id', 'ads.slug').orderBy('ads.id').first();
    return adPath(ad);
  } finally {
    await db.destroy();
  }
}

/**
 * The scripts a page loads until the network is idle: for a visitor past the age gate, or (`firstVisit`) for a new
 * one, who has not answered the gate yet (the overlays wait for the answer: decision 027).
 */
export async function measurePage(browser: Browser, origin: string, pagePath: string, firstVisit = false) {
  // No service worker: it would precache every script of the site in the background.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (!firstVisit) await context.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const page = await context.newPage();
  const target = origin + pagePath;
  // A page that redirects (the category pages use a meta refresh) is measured alone, not with where it leads:
  // its refresh tag is taken out of the HTML, and any other document request is refused.
  let metaRefreshRemoved = false;
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    if (route.request().url() !== target) return route.abort();
    const response = await route.fetch();
    const html = await response.text();
    const body = html.replace(/<meta[^>]*http-equiv="refresh"[^>]*>/i, '');
    metaRefreshRemoved = body !== html;
    return route.fulfill({ response, body });
  });
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const url = response.url();
    if (response.request().resourceType() === 'script' && !scripts.has(url)) scripts.set(url, response.body());
  });
  const response = await page.goto(target, { waitUntil: 'networkidle' });
  const inline = await page.$$eval('script:not([src])', (nodes) =>
    nodes.filter((n) => !n.getAttribute('type') || /module|javascript/.test(n.getAttribute('type')!)).map((n) => n.textContent ?? ''),
  );
  const inlineText = inline.join('\n');
  const files: Record<string, number> = {};
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const [url, body] of scripts) {
    const buffer = await body;
    const gzip = gzipSize(buffer);
    files[new URL(url).pathname] = gzip;
    rawBytes += buffer.length;
    gzipBytes += gzip;
  }
  await context.close();
  return {
    page: pagePath,
    status: response?.status() ?? null,
    metaRefreshRemoved,
    files: scripts.size,
    gzipBytes,
    rawBytes,
    inline: {
      count: inline.length,
      gzipBytes: inline.length ? gzipSize(inlineText) : 0,
      rawBytes: Buffer.byteLength(inlineText),
    },
    scripts: files,
  };
}

export async function runPageWeightBenchmark(): Promise<Record<string, unknown>> {
  await ensureBenchData();
  ensureSiteBuild();
  const pages = [
    '/',
    '/buscar',
    await anAdPath(),
    '/aumentar-visibilidad',
    '/terminos-condiciones',
    '/politicas-privacidad',
    '/buscar?categoria=escorts',
    '/no-existe-esta-pagina', // the 404 page
  ];
  const server = await startAppServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const results = [];
    for (const pagePath of pages) {
      const result = await measurePage(browser, server.origin, pagePath);
      const first = await measurePage(browser, server.origin, pagePath, true);
      log(
        `${pagePath}: HTTP ${result.status}, ${result.files} scripts, ${result.gzipBytes} B gzip (${result.rawBytes} B raw); ` +
          `first visit, gate not answered: ${first.files} scripts, ${first.gzipBytes} B gzip`,
      );
      results.push({ ...result, firstVisit: { files: first.files, gzipBytes: first.gzipBytes, rawBytes: first.rawBytes } });
    }
    const cpu = os.cpus()[0]?.model ?? 'unknown';
    return { benchmark: 'page-weight', pages: results, node: process.version, cpu, cores: os.cpus().length };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await runPageWeightBenchmark())}\n`);
}
