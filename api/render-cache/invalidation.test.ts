// The render cache through HTTP, on SQLite and PostgreSQL: a page is served from memory until a change that alters
// what the public sees, whichever way it is made (publish, pause, expiry, plan start and end, a hiding report, a
// price edit, the rotation day, a change through another connection); an ad view does not invalidate and is still
// counted; signed-in visitors never get or fill a shared entry; the no-JavaScript gate variant is private.
// The build is a stand-in whose page handler lists the search results with the real query (searchAds, through the
// search index as the real page does: an index of an older version is never used).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { RenderCache } from './render-cache.ts';
import { AdStatsCounter } from '#api/services/ad-stats.ts';
import { serve, testConfig, type TestServer } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { knexConfig } from '#db/connection.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { approveAd } from '#db/queries/admin/moderation.ts';
import { changeOwnAd } from '#core/own-ads/change-own-ad.ts';
import { endPlans, expireListings } from '#core/plans/plan-lifecycle.ts';
import { createPlanPurchase } from '#core/payments/purchase.ts';
import { completePayment } from '#core/payments/complete-payment.ts';
import { createReport } from '#db/queries/reports.ts';
import { setPlanPrices } from '#db/queries/settings.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { AGE_NOJS_COOKIE } from '#shared/age-cookie.ts';
import { buenosAiresDate, daysSinceEpochInBuenosAires } from '#shared/dates.ts';

const DAY_MS = 86_400_000;
const root = path.resolve(import.meta.dirname, '..', '..');

/** A stand-in build: the search lists its results' titles; an ad page shows its title; prices are shown too. */
function writeStandInBuild(distDir: string): void {
  const module = (file: string) => JSON.stringify(pathToFileURL(path.join(root, file)).href);
  fs.mkdirSync(path.join(distDir, 'client'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'server', 'entry.mjs'),
    `import { searchAds } from ${module('db/queries/search-ads.ts')};
     import { findPublicAd } from ${module('db/queries/ad-page.ts')};
     import { getPlanPrices } from ${module('db/queries/settings.ts')};
     import { vipAds } from ${module('db/queries/vip-ads.ts')};
     import { parseSearchParams } from ${module('shared/search-filters.ts')};
     import { adIdFromParam } from ${module('shared/ad-text.ts')};
     import { pageVariantOf } from ${module('shared/age-cookie.ts')};
     export async function handler(req, res, next, locals) {
       const url = new URL(req.url, 'http://velada.test');
       let body;
       if (url.pathname === '/buscar') {
         const result = await searchAds(locals.db, parseSearchParams(url.searchParams), new Date(), (await locals.searchIndex?.current()) ?? null);
         locals.pageShows?.listed(result.ads.map((a) => a.id));
         const prices = await getPlanPrices(locals.db);
         body = 'url=' + req.url + ' premium=' + prices.premium + ' titles=' + result.ads.map((a) => a.title + '[' + a.plan + ']').join('|');
       } else if (url.pathname.startsWith('/anuncio/')) {
         const ad = await findPublicAd(locals.db, adIdFromParam(url.pathname.slice(9)));
         if (!ad) { res.writeHead(404); res.end(); return; }
         locals.pageShows?.viewed(ad.id);
         body = 'ad=' + ad.title;
       } else if (url.pathname === '/_server-islands/PlanPrice') {
         body = 'island=' + url.search + ' premium=' + (await getPlanPrices(locals.db)).premium;
       } else if (url.pathname === '/destacados/mas') {
         const ads = await vipAds(locals.db, { offset: Number(url.searchParams.get('desde')), limit: 2, day: 1 });
         res.setHeader('x-destacados-siguiente', String(ads.length));
         body = 'part=' + url.search + ' titles=' + ads.map((a) => a.title).join('|');
       } else return next();
       // As the layout of a page: it reports the variant it rendered (api/render-cache/middleware.ts, mayStore).
       if (!url.pathname.startsWith('/_server-islands/') && url.pathname !== '/destacados/mas') locals.renderedVariant?.(pageVariantOf(req.headers.cookie));
       res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
       res.end('<!doctype html><html><body>' + body + '</body></html>');
     }`,
  );
}

let analytics: AnalyticsWriter;
let t: TestDb;
let server: TestServer;
let clock = Date.now();
let cache: RenderCache;
let adStats: AdStatsCounter;
let advertiser: number;

beforeAll(async () => {
  t = await createTestDb();
  const distDir = path.join(t.dataDir, 'dist');
  writeStandInBuild(distDir);
  // Reads the version on every request (production: at most every second), on a clock the test moves.
  adStats = new AdStatsCounter(t.db, { flushEveryMs: 60_000 });
  cache = new RenderCache({ readVersion: () => readCatalogVersion(t.db), checkEveryMs: 0, now: () => clock });
  server = await serve(
    await createApp({
      db: t.db,
      config: testConfig(t.dataDir),
      distDir,
      analytics: (analytics = new AnalyticsWriter(t.db)),
      renderCache: cache,
      adStats,
    }),
  );
  advertiser = await insertAdvertiser(t.db);
});
afterAll(async () => {
  await server.close();
  await analytics.close();
  await t.destroy();
});

/** A browser's: requests from bots (fetch's own agent is one) are not counted in the ads' statistics. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

async function get(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${pathname}`, { headers: { 'User-Agent': BROWSER, ...headers }, redirect: 'manual' });
  return {
    status: res.status,
    cache: res.headers.get('x-render-cache'),
    cacheControl: res.headers.get('cache-control'),
    body: await res.text(),
  };
}

/** Warms the page, checks the second request is a hit, makes the change, and returns the page rendered after it. */
async function afterChange(change: () => Promise<unknown>, pathname = '/buscar?orden=recientes'): Promise<string> {
  await get(pathname);
  const warm = await get(pathname);
  expect(warm.cache).toBe('hit');
  await change();
  const after = await get(pathname);
  expect(after.cache).toBe('miss');
  return after.body;
}

describe('the render cache', () => {
  it('serves a page again from memory, with headers for shared caches, under its normalized URL', async () => {
    await insertAd(t.db, advertiser, { title: 'Aviso de la prueba de normalización' });
    const first = await get('/buscar?zz=1&orden=recientes&pagina=1');
    expect(first.cache).toBe('miss');
    expect(first.body).toContain('url=/buscar?orden=recientes ');
    expect(first.cacheControl).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const again = await get('/buscar?orden=recientes');
    expect(again).toMatchObject({ cache: 'hit', body: first.body, cacheControl: first.cacheControl });
  });

  it('is invalidated when an ad is published (approved)', async () => {
    const id = await insertAd(t.db, advertiser, { title: 'Aviso recién aprobado', state: 'pending' });
    expect(await afterChange(() => approveAd(t.db, id))).toContain('Aviso recién aprobado');
  });

  it('is invalidated when an ad is paused, and when a listing expires', async () => {
    const paused = await insertAd(t.db, advertiser, { title: 'Aviso que se pausa' });
    expect(await afterChange(() => changeOwnAd(t.db, advertiser, paused, 'pause'))).not.toContain('Aviso que se pausa');
    const old = await insertAd(t.db, advertiser, { title: 'Aviso que vence', publishedAt: new Date(Date.now() - 29.5 * DAY_MS) });
    expect(await afterChange(() => expireListings(t.db, new Date(Date.now() + DAY_MS)))).not.toContain('Aviso que vence');
    expect((await t.db('ads').where('id', old).first()).state).toBe('expired');
  });

  it('is invalidated when a plan starts and when it ends', async () => {
    await t.db('bank_accounts').insert({
      bank_name: 'Banco de Prueba',
      account_holder: 'Velada',
      account_number: '1',
      cbu: '0000003100010000000001',
      alias: 'velada.cache',
      account_type: 'checking',
      active: true,
      created_at: new Date(),
    });
    const bank = (await t.db('bank_accounts').first('id')).id as number;
    const id = await insertAd(t.db, advertiser, { title: 'Aviso que pasa a VIP' });
    const bought = await createPlanPurchase(t.db, {
      advertiserId: advertiser,
      adId: id,
      plan: 'vip',
      method: 'transfer',
      amount: 25000,
      priceNote: null,
    });
    if (!bought.ok) throw new Error(`purchase refused: ${JSON.stringify(bought)}`);
    const paymentId = bought.payment.id;
    const started = await afterChange(() => completePayment(t.db, { id: paymentId, bankAccountId: bank, adminId: null, notes: null }));
    expect(started).toContain('Aviso que pasa a VIP[vip]');
    const ended = await afterChange(() => endPlans(t.db, new Date(Date.now() + 400 * DAY_MS)));
    expect(ended).toContain('Aviso que pasa a VIP[gratuito]');
  });

  it('is invalidated by a report that hides the ad, and by a price edit', async () => {
    const id = await insertAd(t.db, advertiser, { title: 'Aviso denunciado' });
    const hidden = await afterChange(() =>
      createReport(t.db, {
        adId: id,
        adReference: String(id),
        reason: 'posible_menor',
        details: null,
        contactEmail: null,
        reporterKey: null,
      }),
    );
    expect(hidden).not.toContain('Aviso denunciado');
    expect(await afterChange(() => setPlanPrices(t.db, { premium: 17000, vip: 26000 }))).toContain('premium=17000');
  });

  it("keeps the server islands of prerendered pages and the featured strip's parts, under their normalized address", async () => {
    const island = await get('/_server-islands/PlanPrice?zz=1&p=props&e=component&s=');
    expect(island).toMatchObject({ status: 200, cache: 'miss' });
    expect(island.body).toContain('island=?e=component&p=props&s= ');
    // Revalidated on every use: a browser must not show a stale part (stale-while-revalidate) with a fresh page.
    expect(island.cacheControl).toBe('public, no-cache');
    expect(await get('/_server-islands/PlanPrice?e=component&p=props&s=')).toMatchObject({ cache: 'hit', body: island.body });
    expect(
      await afterChange(() => setPlanPrices(t.db, { premium: 18000, vip: 27000 }), '/_server-islands/PlanPrice?e=component&p=props&s='),
    ).toContain('premium=18000');

    // Only the islands named as shared: another could read the visitor's cookies.
    expect((await get('/_server-islands/Other?e=component&p=props&s=')).cache).toBeNull();

    const today = daysSinceEpochInBuenosAires(new Date());
    const part = await fetch(`${server.url}/destacados/mas?dia=${today}&desde=0&x=y`);
    expect(part.headers.get('x-render-cache')).toBe('miss');
    expect(await part.text()).toContain(`part=?desde=0&dia=${today} `);
    // A day other than today or yesterday is today, as the page reads it: the same entry.
    const again = await fetch(`${server.url}/destacados/mas?desde=0&dia=1`);
    expect(again.headers.get('x-render-cache')).toBe('hit');
    expect(again.headers.get('cache-control')).toBe('public, no-cache');
    // What the strip's script reads to ask for the next part comes with the kept page.
    expect(again.headers.get('x-destacados-siguiente')).toBe(part.headers.get('x-destacados-siguiente'));
  });

  it('is invalidated when the Buenos Aires day changes (the daily rotation), and after its maximum age', async () => {
    await afterChange(async () => (clock += DAY_MS));
    await afterChange(async () => (clock += cache.maxAgeMs));
  });

  it('is invalidated by a change made through another connection to the database (another process)', async () => {
    const other: Knex = knexFactory({ ...knexConfig(t.url, t.dataDir), ...(t.schema ? { searchPath: [t.schema] } : {}) });
    try {
      const id = await insertAd(t.db, advertiser, { title: 'Aviso cambiado por otro proceso' });
      const after = await afterChange(() => other('ads').where('id', id).update({ title: 'Título nuevo desde otro proceso' }));
      expect(after).toContain('Título nuevo desde otro proceso');
    } finally {
      await other.destroy();
    }
  });

  it('is not invalidated by an ad view, which is counted on hits too', async () => {
    const id = await insertAd(t.db, advertiser, { title: 'Aviso visitado' });
    const slug = (await t.db('ads').where('id', id).first()).slug as string;
    const page = `/anuncio/${slug}-${id}`;
    const first = await get(page);
    expect(first.status).toBe(200);
    const versionBefore = await readCatalogVersion(t.db);
    expect((await get(page)).cache).toBe('hit');
    expect((await get('/buscar?orden=recientes')).cache).toBe('miss');
    expect((await get('/buscar?orden=recientes')).cache).toBe('hit');
    // Views of hits are added up and written once a second; the render counted the first itself, and one source counts
    // once a day (decision 045: hits from other sources count in api/routes/ads/stats-once.test.ts).
    await adStats.flush();
    expect((await t.db('ads').where('id', id).first()).view_count).toBe(1);
    expect(await readCatalogVersion(t.db)).toBe(versionBefore);
  });

  it("counts the ads a page shows on every answer, cached or rendered, except bots' and prefetches'", async () => {
    const ids = [
      await insertAd(t.db, advertiser, { title: 'Contado en resultados uno' }),
      await insertAd(t.db, advertiser, { title: 'Contado en resultados dos' }),
    ];
    const search = '/buscar?q=contado+en+resultados';
    expect((await get(search)).cache).toBe('miss');
    expect((await get(search)).cache).toBe('hit');
    expect((await get(search, { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).cache).toBe('hit');
    expect((await get(search, { 'Sec-Purpose': 'prefetch' })).cache).toBe('hit');
    const slug = (await t.db('ads').where('id', ids[0]).first()).slug as string;
    expect((await get(`/anuncio/${slug}-${ids[0]}`)).cache).toBe('miss');
    expect((await get(`/anuncio/${slug}-${ids[0]}`)).cache).toBe('hit');
    expect((await get(`/anuncio/${slug}-${ids[0]}`, { 'User-Agent': 'curl/8.0' })).cache).toBe('hit');
    await adStats.flush();
    const rows = await t.db('ad_daily_stats').whereIn('ad_id', ids).orderBy('ad_id');
    const today = buenosAiresDate(new Date());
    expect(rows.map((r) => [Number(r.ad_id), r.day, Number(r.impressions), Number(r.views)])).toEqual([
      [ids[0], today, 1, 1],
      [ids[1], today, 1, 0],
    ]);
  });

  it('serves an ad page asked with a query string from the entry of its address, but never stores that render', async () => {
    const id = await insertAd(t.db, advertiser, { title: 'Aviso con parámetros' });
    const page = `/anuncio/${(await t.db('ads').where('id', id).first()).slug}-${id}`;
    expect((await get(`${page}?utm_source=x`)).cache).toBe('miss');
    expect((await get(page)).cache).toBe('miss');
    expect((await get(page)).cache).toBe('hit');
    expect((await get(`${page}?utm_source=y`)).cache).toBe('hit');
  });

  it('never serves or keeps a page for a signed-in advertiser; the no-JavaScript gate variant is kept apart and private', async () => {
    const stores = cache.stats().stores;
    const token = await advertiserSessions.create(t.db, advertiser);
    const signedIn = await get('/buscar?orden=precio-menor', { Cookie: `${advertiserSessions.cookie}=${token}` });
    expect(signedIn.cache).toBeNull();
    expect(cache.stats().stores).toBe(stores);
    expect((await get('/buscar?orden=precio-menor')).cache).toBe('miss');
    // A session cookie that names no live session is an anonymous visitor: the shared page (finding 6, second round).
    const madeUp = await get('/buscar?orden=precio-menor', { Cookie: `${advertiserSessions.cookie}=${'x'.repeat(43)}` });
    expect(madeUp.cache).toBe('hit');

    const noJs = { Cookie: `${AGE_NOJS_COOKIE}=1` };
    expect((await get('/buscar?orden=recientes', noJs)).cache).toBe('miss');
    const again = await get('/buscar?orden=recientes', noJs);
    expect(again).toMatchObject({ cache: 'hit', cacheControl: 'private, no-cache' });
  });
});
