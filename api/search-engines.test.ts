// robots.txt and the sitemap through HTTP, on SQLite and PostgreSQL: which ads are listed (only public ones, with
// their last change), the landing and static pages, the split into parts and the escaping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { AnalyticsWriter } from './services/analytics-writer.ts';
import { AdStatsCounter } from './services/ad-stats.ts';
import { serve, testConfig, type TestServer } from './testing/http.ts';
import { ROBOTS_DISALLOWED, SITEMAP_PAGES } from './search-engines.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { createReport } from '#db/queries/reports.ts';
import { allLandings } from '#shared/search-engines.ts';
import { adPath } from '#shared/ad-text.ts';

const ORIGIN = 'https://velada.example';
const PART_SIZE = 3;

let t: TestDb;
let server: TestServer;
let analytics: AnalyticsWriter;
let adStats: AdStatsCounter;
const publicIds: number[] = [];
const hiddenIds: number[] = [];
const changedAt = new Date('2026-10-05T13:14:15.000Z');

const get = (path: string) => fetch(server.url + path);
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const adUrl = async (id: number) => `${ORIGIN}${adPath(await t.db('ads').where({ id }).first('id', 'slug'))}`;

beforeAll(async () => {
  t = await createTestDb();
  const advertiser = await insertAdvertiser(t.db);
  for (let i = 0; i < 7; i++) publicIds.push(await insertAd(t.db, advertiser, { title: `Aviso público ${i}` }));
  await t.db('ads').where({ id: publicIds[0] }).update({ updated_at: changedAt });
  hiddenIds.push(await insertAd(t.db, advertiser, { title: 'Aviso en borrador', state: 'draft' }));
  hiddenIds.push(await insertAd(t.db, advertiser, { title: 'Aviso pausado', state: 'paused' }));
  hiddenIds.push(await insertAd(t.db, advertiser, { title: 'Aviso quitado', state: 'removed' }));
  const reported = await insertAd(t.db, advertiser, { title: 'Aviso denunciado' });
  await createReport(t.db, {
    adId: reported,
    adReference: String(reported),
    reason: 'posible_menor',
    details: null,
    contactEmail: null,
    reporterKey: null,
  });
  hiddenIds.push(reported);
  const unverified = await insertAdvertiser(t.db, { verificationStatus: 'pending' });
  hiddenIds.push(await insertAd(t.db, unverified, { title: 'Aviso sin verificar', state: 'pending' }));
  analytics = new AnalyticsWriter(t.db);
  adStats = new AdStatsCounter(t.db, { flushEveryMs: 3_600_000 });
  const app = await createApp({
    db: t.db,
    config: testConfig(t.dataDir, { publicOrigin: ORIGIN }),
    analytics,
    adStats,
    sitemapPartSize: PART_SIZE,
  });
  server = await serve(app);
});
afterAll(async () => {
  await server.close();
  await analytics.close();
  await adStats.close();
  await t.destroy();
});

describe('/robots.txt', () => {
  it('allows the public site, keeps crawlers out of private paths and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const text = await res.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/mi-cuenta', '/api/', '/buscar/resultados']) expect(lines).toContain(`Disallow: ${path}`);
    expect(ROBOTS_DISALLOWED).not.toContain('/buscar');
    expect(ROBOTS_DISALLOWED.some((p) => p.startsWith('/anuncio'))).toBe(false);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('/sitemap.xml', () => {
  it('is an index of the pages, the landings and every part of the ads', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await res.text();
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'),
    ).toBe(true);
    // 7 public ads, 3 per part: 3 parts, in each language.
    expect(locsOf(xml)).toEqual([
      `${ORIGIN}/sitemaps/paginas.xml`,
      `${ORIGIN}/sitemaps/barrios.xml`,
      `${ORIGIN}/sitemaps/barrios-pt.xml`,
      `${ORIGIN}/sitemaps/barrios-en.xml`,
      ...['', '-pt', '-en'].flatMap((suffix) => [1, 2, 3].map((n) => `${ORIGIN}/sitemaps/anuncios${suffix}-${n}.xml`)),
    ]);
  });

  it('has the landing pages and the ads in each language in their own parts', async () => {
    const landings = locsOf(await (await get('/sitemaps/barrios-pt.xml')).text());
    expect(landings).toHaveLength(5 * (48 + 5));
    expect(landings).toContain(`${ORIGIN}/pt/massagens/palermo`);
    expect(landings).toContain(`${ORIGIN}/pt/garotos-de-programa/zona-sul`);
    expect(locsOf(await (await get('/sitemaps/barrios-en.xml')).text())).toContain(`${ORIGIN}/en/massages/north-zone`);
    const ads = locsOf(await (await get('/sitemaps/anuncios-en-1.xml')).text());
    expect(ads).toHaveLength(3);
    for (const loc of ads) expect(loc).toMatch(new RegExp(`^${ORIGIN}/en/ad/[a-z0-9-]+-\\d+$`));
    expect((await get('/sitemaps/anuncios-fr-1.xml')).status).toBe(404);
  });

  it('lists each public ad once, with its last change, in parts no larger than the part size', async () => {
    const listed: string[] = [];
    for (const part of [1, 2, 3]) {
      const res = await get(`/sitemaps/anuncios-${part}.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await res.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const locs = locsOf(xml);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(PART_SIZE);
      expect(xml.match(/<lastmod>/g)).toHaveLength(locs.length);
      listed.push(...locs);
    }
    expect(listed).toEqual(await Promise.all(publicIds.map(adUrl)));
    const first = await get('/sitemaps/anuncios-1.xml').then((r) => r.text());
    expect(first).toContain(`<url><loc>${await adUrl(publicIds[0]!)}</loc><lastmod>2026-10-05T13:14:15.000Z</lastmod></url>`);
  });

  it('never lists an ad that is not public (draft, paused, removed, hidden by a report, in review)', async () => {
    const all = (await Promise.all([1, 2, 3].map((p) => get(`/sitemaps/anuncios-${p}.xml`).then((r) => r.text())))).join('');
    for (const id of hiddenIds) expect(all).not.toContain(`-${id}<`);
    expect(all).not.toMatch(/borrador|pausado|quitado|denunciado|sin-verificar/);
  });

  it('answers a part past the end, or a malformed one, with 404', async () => {
    for (const path of ['/sitemaps/anuncios-4.xml', '/sitemaps/anuncios-0.xml', '/sitemaps/anuncios-x.xml', '/sitemaps/otra.xml']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('lists the landing pages and the static pages', async () => {
    const landings = locsOf(await get('/sitemaps/barrios.xml').then((r) => r.text()));
    expect(landings).toEqual(allLandings().map((l) => `${ORIGIN}${l.path}`));
    expect(landings).toContain(`${ORIGIN}/masajes/palermo`);
    const pages = locsOf(await get('/sitemaps/paginas.xml').then((r) => r.text()));
    expect(pages).toEqual(SITEMAP_PAGES.map((p) => `${ORIGIN}${p}`.replaceAll('&', '&amp;')));
    for (const path of [
      '/',
      '/terminos-condiciones',
      '/politicas-privacidad',
      '/contacto',
      '/verificar-anuncio',
      '/como-evitar-estafas',
      '/como-ordenamos-los-avisos',
      '/transparencia',
      '/aumentar-visibilidad',
      // Translated pages come with their Spanish ones: the summaries of the legal texts too.
      '/pt/termos-de-uso',
      '/en/terms',
      '/pt/politica-de-privacidade',
      '/en/privacy',
      '/pt/verificar-anuncio',
      '/en/check-an-ad',
    ]) {
      expect(pages).toContain(`${ORIGIN}${path}`);
    }
  });

  it('a new public ad shows at once; one that leaves is gone', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, advertiser, { title: 'Aviso recién publicado' });
    expect(locsOf(await get('/sitemap.xml').then((r) => r.text()))).toContain(`${ORIGIN}/sitemaps/anuncios-3.xml`);
    expect(await get('/sitemaps/anuncios-3.xml').then((r) => r.text())).toContain(await adUrl(id));
    await t.db('ads').where({ id }).update({ state: 'paused' });
    expect(await get('/sitemaps/anuncios-3.xml').then((r) => r.text())).not.toContain(await adUrl(id));
  });
});
