// The phone check of /verificar-anuncio is limited per client address: the page takes one check from the budget that
// the app hands it through Astro.locals (takePhoneCheck), shared by every process through the rate-limit store and by
// the page's three languages (/pt/verificar-anuncio, /en/check-an-ad). The build is a stand-in whose pages take a
// check when the query has a phone, as the real pages do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { serve, testConfig, type TestServer } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { alternatesOf } from '#shared/i18n/routes.ts';

/** The page in every language: each passes api/static-files.ts's check of translated paths to the site. */
const PAGES = Object.values(alternatesOf('/verificar-anuncio'));

let t: TestDb;
let server: TestServer;
let analytics: AnalyticsWriter;

beforeAll(async () => {
  t = await createTestDb();
  const distDir = path.join(t.dataDir, 'dist');
  fs.mkdirSync(path.join(distDir, 'client'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'server', 'entry.mjs'),
    `export async function handler(req, res, next, locals) {
       const url = new URL(req.url, 'http://velada.test');
       if (!${JSON.stringify(PAGES)}.includes(url.pathname)) return next();
       const wait = url.searchParams.get('telefono') && locals.takePhoneCheck ? await locals.takePhoneCheck() : 0;
       res.writeHead(wait > 0 ? 429 : 200, { 'Content-Type': 'text/plain' });
       res.end(String(wait));
     }`,
  );
  analytics = new AnalyticsWriter(t.db);
  // Behind a proxy, so that each test address (X-Forwarded-For) has a budget of its own.
  server = await serve(await createApp({ db: t.db, config: testConfig(t.dataDir, { trustedProxies: ['127.0.0.1'] }), distDir, analytics }));
});
afterAll(async () => {
  await server?.close();
  await analytics?.close();
  await t?.destroy();
});

const check = (address: string, query = 'telefono=1155550123', page = '/verificar-anuncio') =>
  fetch(`${server.url}${page}?${query}`, { headers: { 'X-Forwarded-For': address } });

describe('phone checks in /verificar-anuncio', () => {
  it('allows 20 checks per address in 15 minutes, then asks to wait; other addresses and code checks are not limited', async () => {
    for (let i = 0; i < 20; i++) expect((await check('203.0.113.7')).status).toBe(200);
    const refused = await check('203.0.113.7');
    expect(refused.status).toBe(429);
    const waitSeconds = Number(await refused.text());
    expect(waitSeconds).toBeGreaterThan(0);
    expect(waitSeconds).toBeLessThanOrEqual(15 * 60);

    expect((await check('203.0.113.8')).status).toBe(200);
    expect((await check('203.0.113.7', 'codigo=12')).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one source (finding 2 of the second round)', async () => {
    for (let i = 1; i <= 20; i++) expect((await check(`2001:db8:5:6::${i.toString(16)}`)).status).toBe(200);
    expect((await check('2001:db8:5:6:ffff:1:2:3')).status).toBe(429);
    expect((await check('2001:db8:5:7::1')).status).toBe(200);
  });

  it('counts the checks of every language against one budget, per address or IPv6 /64', async () => {
    expect(PAGES).toEqual(['/verificar-anuncio', '/pt/verificar-anuncio', '/en/check-an-ad']);
    for (let i = 0; i < 20; i++) expect((await check('203.0.113.9', undefined, PAGES[i % 3])).status).toBe(200);
    for (const page of PAGES) expect((await check('203.0.113.9', undefined, page)).status, page).toBe(429);
    expect((await check('203.0.113.9', 'codigo=12', '/en/check-an-ad')).status).toBe(200);

    for (let i = 1; i <= 20; i++) expect((await check(`2001:db8:9:9::${i.toString(16)}`, undefined, PAGES[i % 3])).status).toBe(200);
    for (const page of PAGES) expect((await check('2001:db8:9:9:abcd::1', undefined, page)).status, page).toBe(429);
  });
});
