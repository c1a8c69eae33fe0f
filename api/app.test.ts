// The HTTP surface without the site build: API routes, headers, canonical origin, photos, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createApp } from './app.ts';
import { AnalyticsWriter } from './services/analytics-writer.ts';
import { rawGet, serve, sameOriginJson, testConfig, type TestServer } from './testing/http.ts';
import { AdStatsCounter } from './services/ad-stats.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser, insertAdPhoto } from '#tooling/factories/index.ts';
import { storeAdImage } from './services/image-store.ts';
import { diskStore } from './services/object-store/disk-store.ts';
import { whatsAppGreeting } from '#core/ad-page/ad-phone.ts';

let analytics: AnalyticsWriter;
let t: TestDb;
let server: TestServer;
let publishedId: number;
let pausedId: number;
let noPhoneId: number;
let adStats: AdStatsCounter;

beforeAll(async () => {
  t = await createTestDb();
  const advertiser = await insertAdvertiser(t.db);
  publishedId = await insertAd(t.db, advertiser, { phone: '+5491155551234' });
  pausedId = await insertAd(t.db, advertiser, { state: 'paused', phone: '+5491100000000' });
  noPhoneId = await insertAd(t.db, advertiser, { phone: null });
  const app = await createApp({
    db: t.db,
    config: testConfig(t.dataDir, { publicOrigin: 'https://velada.example' }),
    analytics: (analytics = new AnalyticsWriter(t.db)),
    adStats: (adStats = new AdStatsCounter(t.db, { flushEveryMs: 3_600_000 })),
  });
  server = await serve(app);
});
afterAll(async () => {
  await server.close();
  await analytics.close();
  await t.destroy();
});

const post = (url: string, headers: Record<string, string> = sameOriginJson) =>
  fetch(server.url + url, { method: 'POST', headers, body: '{}' });

describe('POST /api/ads/:id/phone', () => {
  it('reveals the phone of a published ad and counts it', async () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const res = await post(`/api/ads/${publishedId}/phone`, { ...sameOriginJson, 'User-Agent': browser });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      phone: '011 15-5555-1234',
      tel: 'tel:+5491155551234',
      whatsapp: `https://wa.me/5491155551234?text=${encodeURIComponent(whatsAppGreeting(publishedId))}`,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    await adStats.flush(); // counts are written once a second
    const row = await t.db('ads').where('id', publishedId).first();
    expect(row.phone_reveals).toBe(1);
  });

  it('answers 404 with a Spanish message for unknown, unpublished or phoneless ads', async () => {
    for (const id of [999999, pausedId, noPhoneId]) {
      const res = await post(`/api/ads/${id}/phone`);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toEqual({ code: 'ad_not_found', message: 'El aviso no existe o no está publicado.' });
    }
  });

  it('refuses malformed ids with 400', async () => {
    for (const id of ['abc', '-1', '0', '1e99']) {
      const res = await post(`/api/ads/${id}/phone`);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_input');
    }
  });

  it('refuses cross-site requests and non-JSON bodies', async () => {
    const crossSite = await post(`/api/ads/${publishedId}/phone`, { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error.code).toBe('cross_origin');
    const foreignOrigin = await post(`/api/ads/${publishedId}/phone`, {
      'Content-Type': 'application/json',
      Origin: 'https://evil.example',
    });
    expect(foreignOrigin.status).toBe(403);
    const noOrigin = await post(`/api/ads/${publishedId}/phone`, { 'Content-Type': 'application/json' });
    expect(noOrigin.status).toBe(403);
    const ownOrigin = await post(`/api/ads/${publishedId}/phone`, { 'Content-Type': 'application/json', Origin: server.url });
    expect(ownOrigin.status).toBe(200);
    const form = await post(`/api/ads/${publishedId}/phone`, {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(form.status).toBe(415);
  });

  it('limits how often one client can ask', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await post(`/api/ads/${publishedId}/phone`)).status);
    expect(statuses).toContain(429);
    const res = await post(`/api/ads/${publishedId}/phone`);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).error.message).toMatch(/Demasiadas solicitudes/);
  });
});

describe('API basics', () => {
  it('reports health', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown endpoints with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('no_such_endpoint');
  });

  it('sends the security headers', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // only in production
  });
});

describe('canonical origin', () => {
  it('redirects other hosts to PUBLIC_ORIGIN with 301, keeping path and query', async () => {
    const res = await rawGet(`${server.url}/buscar?q=palermo`, { Host: 'velada-copy.example' });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://velada.example/buscar?q=palermo');
  });

  it('leaves local and canonical hosts alone', async () => {
    for (const host of ['localhost', '127.0.0.1', 'velada.example']) {
      const res = await rawGet(`${server.url}/api/health`, { Host: host });
      expect(res.status, host).toBe(200);
    }
  });
});

describe('ad photos', () => {
  it("serves a public ad's photos with a short shared cache, a stored file that no ad has not at all, and nothing else under /media", async () => {
    const png = await sharp({ create: { width: 50, height: 60, channels: 3, background: '#884466' } })
      .png()
      .toBuffer();
    const { key } = await storeAdImage(diskStore(t.dataDir), png);
    expect((await fetch(`${server.url}/media/ads/${key}-400.webp`)).status).toBe(404);
    const adId = await insertAd(t.db, await insertAdvertiser(t.db));
    await insertAdPhoto(t.db, adId, { fileKey: key, width: 50, height: 60, alt: 'foto' });
    const res = await fetch(`${server.url}/media/ads/${key}-400.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    // Moderation can take a photo down: minutes in a cache, never immutable.
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'no');
    for (const bad of ['../../secret.txt', '%2e%2e%2fsecret.txt', `${key}-401.webp`, 'abc-400.webp']) {
      expect((await fetch(`${server.url}/media/ads/${bad}`)).status, bad).toBe(404);
    }
  });
});
