// An ad's statistics count once per source, ad and Buenos Aires day (docs/decisions/045-statistics-once-per-source.md),
// through HTTP on SQLite and PostgreSQL, for rendered pages and for answers from the render cache alike: repeating a
// view, a search or a contact from one address adds nothing, another address counts again, a source counts a bounded
// number of events a day, and "populares" follows only what was counted. The build is a stand-in whose pages tell
// which ads they show, as the real ones do. Sources are told apart by X-Forwarded-For from a trusted proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { AdStatsCounter } from '#api/services/ad-stats.ts';
import { MemoryStatsOnce } from '#api/services/stats-once.ts';
import { sameOriginJson, serve, testConfig, type TestServer } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { searchAds } from '#db/queries/search-ads.ts';
import { parseSearchParams } from '#shared/search-filters.ts';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** Events a source may have counted in a day, lowered so that the test reaches them. */
const CAPS = { impressions: 50, views: 4, contacts: 50 };

function writeStandInBuild(distDir: string): void {
  const module = (file: string) => JSON.stringify(pathToFileURL(path.join(root, file)).href);
  fs.mkdirSync(path.join(distDir, 'client'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'server', 'entry.mjs'),
    `import { searchAds } from ${module('db/queries/search-ads.ts')};
     import { findPublicAd } from ${module('db/queries/ad-page.ts')};
     import { parseSearchParams } from ${module('shared/search-filters.ts')};
     import { adIdFromParam } from ${module('shared/ad-text.ts')};
     export async function handler(req, res, next, locals) {
       const url = new URL(req.url, 'http://velada.test');
       let body;
       if (url.pathname === '/buscar') {
         const result = await searchAds(locals.db, parseSearchParams(url.searchParams), new Date(), null);
         locals.pageShows?.listed(result.ads.map((a) => a.id));
         body = 'titles=' + result.ads.map((a) => a.title).join('|');
       } else if (url.pathname.startsWith('/anuncio/')) {
         const ad = await findPublicAd(locals.db, adIdFromParam(url.pathname.slice(9)));
         if (!ad) { res.writeHead(404); res.end(); return; }
         locals.pageShows?.viewed(ad.id);
         body = 'ad=' + ad.title;
       } else return next();
       res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
       res.end('<!doctype html><html><body>' + body + '</body></html>');
     }`,
  );
}

let analytics: AnalyticsWriter;
let t: TestDb;
let server: TestServer;
let adStats: AdStatsCounter;
let advertiser: number;

beforeAll(async () => {
  t = await createTestDb();
  const distDir = path.join(t.dataDir, 'dist');
  writeStandInBuild(distDir);
  adStats = new AdStatsCounter(t.db, { flushEveryMs: 3_600_000, once: new MemoryStatsOnce({ perSource: CAPS }) });
  const config = testConfig(t.dataDir, { trustedProxies: ['127.0.0.1', '::1'] });
  server = await serve(await createApp({ db: t.db, config, distDir, analytics: (analytics = new AnalyticsWriter(t.db)), adStats }));
  advertiser = await insertAdvertiser(t.db);
});
afterAll(async () => {
  await server.close();
  await analytics.close();
  await adStats.close();
  await t.destroy();
});

const from = (address: string, headers: Record<string, string> = {}) => ({
  'User-Agent': BROWSER,
  'X-Forwarded-For': address,
  ...headers,
});
const get = async (pathname: string, address: string, headers: Record<string, string> = {}, method = 'GET') => {
  const res = await fetch(`${server.url}${pathname}`, { method, headers: from(address, headers) });
  await res.arrayBuffer();
  return res.status;
};
const adPage = async (id: number) => `/anuncio/${(await t.db('ads').where('id', id).first()).slug}-${id}`;
const today = async (id: number) => {
  await adStats.flush();
  const row = await t.db('ad_daily_stats').where('ad_id', id).first();
  const ad = await t.db('ads').where('id', id).first();
  return {
    impressions: Number(row?.impressions ?? 0),
    views: Number(row?.views ?? 0),
    phoneReveals: Number(row?.phone_reveals ?? 0),
    whatsappOpens: Number(row?.whatsapp_opens ?? 0),
    viewCount: Number(ad.view_count),
  };
};

describe('statistics once per source, ad and day', () => {
  it('counts 100 views of an ad page from one address as one; another address, or an IPv6 /64 apart, counts again', async () => {
    const id = await insertAd(t.db, advertiser, { title: 'Aviso visto cien veces' });
    const page = await adPage(id);
    for (let i = 0; i < 100; i++) expect(await get(page, '203.0.113.10')).toBe(200);
    expect(await today(id)).toMatchObject({ views: 1, viewCount: 1 });
    await get(page, '203.0.113.11');
    await get(page, '2001:db8:1:2::1');
    await get(page, '2001:db8:1:2::ffff'); // the same /64: the same source
    await get(page, '2001:db8:1:3::1');
    expect(await today(id)).toMatchObject({ views: 4, viewCount: 4 });
  });

  it("counts no bot, prefetch or HEAD, and these do not use up the visitor's one count", async () => {
    const id = await insertAd(t.db, advertiser, { title: 'Aviso de robots' });
    const page = await adPage(id);
    await get(page, '203.0.113.20', { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await get(page, '203.0.113.20', { 'Sec-Purpose': 'prefetch' });
    await get(page, '203.0.113.20', {}, 'HEAD');
    expect(await today(id)).toMatchObject({ views: 0, viewCount: 0 });
    await get(page, '203.0.113.20');
    expect(await today(id)).toMatchObject({ views: 1, viewCount: 1 });
  });

  it('counts 30 loads of a search from one address as one appearance per ad listed', async () => {
    const ids = [
      await insertAd(t.db, advertiser, { title: 'Aparición repetida uno' }),
      await insertAd(t.db, advertiser, { title: 'Aparición repetida dos' }),
    ];
    for (let i = 0; i < 30; i++) expect(await get('/buscar?q=aparicion+repetida', '203.0.113.30')).toBe(200);
    for (const id of ids) expect((await today(id)).impressions).toBe(1);
    await get('/buscar?q=aparicion+repetida', '203.0.113.31');
    for (const id of ids) expect((await today(id)).impressions).toBe(2);
  });

  it('counts 30 contacts a minute from one address (the rate limit allows them) as one phone reveal and one WhatsApp open', async () => {
    const id = await insertAd(t.db, advertiser, { phone: '+5491155550177' });
    const ask = (via: string, address: string) =>
      fetch(`${server.url}/api/ads/${id}/phone`, {
        method: 'POST',
        headers: { ...sameOriginJson, ...from(address) },
        body: JSON.stringify({ via }),
      });
    for (let i = 0; i < 25; i++) expect((await ask('telefono', '203.0.113.40')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await ask('whatsapp', '203.0.113.40')).status).toBe(200);
    await ask('telefono', '203.0.113.41');
    expect(await today(id)).toMatchObject({ phoneReveals: 2, whatsappOpens: 1 });
    expect(Number((await t.db('ads').where('id', id).first()).phone_reveals)).toBe(3);
  });

  it('keeps "populares" to counted visits: one address opening an ad 60 times does not pass an ad seen by three', async () => {
    const seen = await insertAd(t.db, advertiser, { title: 'Popular de verdad' });
    const pushed = await insertAd(t.db, advertiser, { title: 'Popular inflado' });
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await get(await adPage(seen), address);
    for (let i = 0; i < 60; i++) await get(await adPage(pushed), '198.51.100.9');
    await adStats.flush();
    const result = await searchAds(t.db, parseSearchParams(new URLSearchParams('q=popular&orden=populares')));
    expect(result.ads.map((a) => a.id)).toEqual([seen, pushed]);
  });

  it('counts at most the daily number of views of one source, across all ads', async () => {
    const ids: number[] = [];
    for (let i = 0; i < CAPS.views + 2; i++) ids.push(await insertAd(t.db, advertiser, { title: `Aviso del tope ${i}` }));
    for (const id of ids) await get(await adPage(id), '192.0.2.50');
    const views = await Promise.all(ids.map(async (id) => (await today(id)).views));
    expect(views).toEqual([...Array<number>(CAPS.views).fill(1), 0, 0]);
    // Another source is not held by it.
    await get(await adPage(ids.at(-1)!), '192.0.2.51');
    expect((await today(ids.at(-1)!)).views).toBe(1);
  });
});
