// Photos of an advertiser's ad through HTTP on SQLite and PostgreSQL: what reaches the disk (upright WebP
// widths, no metadata, no original), the plan's limit, refusals, order, removal, and owner-only access.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { pngDeclaring, testJpeg } from '#api/testing/images.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { AD_IMAGES_PREFIX } from '#api/services/image-store.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

let t: TestDb;
let server: TestApp;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t);
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

async function owner(plan: 'gratuito' | 'premium' = 'gratuito', state = 'draft') {
  const id = await insertAdvertiser(t.db);
  const adId = await insertAd(t.db, id, { state });
  await t.db('ads').where('id', adId).update({ requested_plan: plan });
  return { id, adId, cookie: await advertiserSessions.create(t.db, id) };
}

async function upload(cookie: string, adId: number, bytes: Buffer, name = 'foto.jpg') {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${server.url}/api/advertiser/ads/${adId}/photos`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { id: number; url: string; urlLarge: string; error?: { code: string; field?: string; message: string } },
  };
}

const call = (method: string, pathname: string, cookie: string, body?: unknown) =>
  fetch(`${server.url}/api/advertiser/ads${pathname}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const photosDir = () => path.join(t.dataDir, AD_IMAGES_PREFIX);
const filesOf = (key: string) => fs.readdirSync(photosDir()).filter((f) => f.startsWith(key));

describe('uploading a photo', () => {
  it('a photo with GPS and an orientation tag comes out upright, as WebP widths, with no metadata and no original', async () => {
    const { adId, cookie } = await owner();
    const photo = await testJpeg(120, 80, { exif: true, orientation: 6 });
    const answer = await upload(cookie, adId, photo);
    expect(answer.status).toBe(201);
    const row = await t.db('ad_images').where('id', answer.body.id).first();
    expect(answer.body.url).toBe(`/media/ads/${row.file_key}-400.webp`);
    expect(filesOf(row.file_key).sort()).toEqual([`${row.file_key}-400.webp`, `${row.file_key}-800.webp`]);
    for (const file of filesOf(row.file_key)) {
      const bytes = fs.readFileSync(path.join(photosDir(), file));
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 80, height: 120 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      for (const secret of ['SN-123456', 'PruebaCam', 'GPS']) expect(bytes.includes(Buffer.from(secret))).toBe(false);
      // Left half red, right half blue before the 90° turn: now the top is red.
      const { data } = await sharp(bytes).extract({ left: 40, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(150);
    }
    // Its owner sees it (the ad is a draft: nobody else does).
    expect((await fetch(`${server.url}${answer.body.url}`, { headers: { Cookie: `${advertiserSessions.cookie}=${cookie}` } })).status).toBe(
      200,
    );
  });

  it('keeps to the plan chosen in the form: 3 photos for Gratuito, 10 for Premium', async () => {
    const free = await owner('gratuito');
    const jpeg = await testJpeg();
    for (let i = 0; i < 3; i++) expect((await upload(free.cookie, free.adId, jpeg)).status).toBe(201);
    const fourth = await upload(free.cookie, free.adId, jpeg);
    expect(fourth).toMatchObject({
      status: 409,
      body: { error: { code: 'too_many_photos', message: 'Tu plan permite hasta 3 fotos por anuncio.' } },
    });
    const premium = await owner('premium');
    for (let i = 0; i < 10; i++) expect((await upload(premium.cookie, premium.adId, jpeg)).status).toBe(201);
    expect((await upload(premium.cookie, premium.adId, jpeg)).body.error?.message).toBe('Tu plan permite hasta 10 fotos por anuncio.');
    expect(await t.db('ad_images').where('ad_id', premium.adId)).toHaveLength(10);
  });

  it.each([
    ['a text file renamed .jpg', () => Buffer.from('no soy una foto'), 'La foto: el archivo no es una imagen JPG, PNG o WebP.'],
    ['a 6 MB photo', async () => Buffer.concat([await testJpeg(), Buffer.alloc(6 * 1024 * 1024)]), 'La foto: la imagen pesa más de 5 MB.'],
    [
      'a 20,000 x 20,000 PNG',
      () => pngDeclaring(20_000, 20_000),
      'La foto: la imagen tiene demasiados píxeles (máximo 24 megapíxeles: reducila y volvé a subirla).',
    ],
  ])('refuses %s and stores nothing', async (_name, bytes, message) => {
    const { adId, cookie } = await owner();
    const before = fs.existsSync(photosDir()) ? fs.readdirSync(photosDir()).length : 0;
    const answer = await upload(cookie, adId, await bytes());
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ field: 'photo', message });
    expect(await t.db('ad_images').where('ad_id', adId)).toHaveLength(0);
    expect(fs.existsSync(photosDir()) ? fs.readdirSync(photosDir()).length : 0).toBe(before);
  });
});

describe('order, removal, review and ownership', () => {
  it('reorders and removes photos; changing the photos of a published ad sends it back to review', async () => {
    const { adId, cookie } = await owner('gratuito', 'published');
    const jpeg = await testJpeg();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(cookie, adId, jpeg)).body.id);
    expect((await t.db('ads').where('id', adId).first()).state).toBe('pending');

    const reordered = await call('PUT', `/${adId}/photos/order`, cookie, { ids: [ids[2], ids[0], ids[1]] });
    expect(((await reordered.json()) as { photos: { id: number }[] }).photos.map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await call('PUT', `/${adId}/photos/order`, cookie, { ids: [ids[0], ids[1]] })).status).toBe(400);

    const key = (await t.db('ad_images').where('id', ids[0]).first()).file_key;
    expect((await call('DELETE', `/${adId}/photos/${ids[0]}`, cookie)).status).toBe(204);
    expect(filesOf(key)).toEqual([]);
    expect(await t.db('ad_images').where('ad_id', adId).pluck('id')).toHaveLength(2);
  });

  it('another advertiser can neither add, list, reorder nor remove photos of the ad', async () => {
    const { adId, cookie } = await owner();
    const mine = (await upload(cookie, adId, await testJpeg())).body.id;
    const stranger = await owner();
    expect((await upload(stranger.cookie, adId, await testJpeg())).status).toBe(404);
    expect((await call('GET', `/${adId}/photos`, stranger.cookie)).status).toBe(404);
    expect((await call('PUT', `/${adId}/photos/order`, stranger.cookie, { ids: [mine] })).status).toBe(404);
    expect((await call('DELETE', `/${adId}/photos/${mine}`, stranger.cookie)).status).toBe(404);
    // Nor through their own ad's path.
    expect((await call('DELETE', `/${stranger.adId}/photos/${mine}`, stranger.cookie)).status).toBe(404);
    expect(await t.db('ad_images').where('ad_id', adId).pluck('id')).toEqual([mine]);
  });
});

describe('who sees a photo', () => {
  it("a draft's photos (any confirmed account can make one) go only to their owner and staff, uncached; public ones are cacheable but not immutable", async () => {
    const { adId, cookie } = await owner();
    const answer = await upload(cookie, adId, await testJpeg());
    const url = `${server.url}${answer.body.url}`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(404);
    const other = await owner();
    expect((await fetch(url, { headers: { Cookie: `${advertiserSessions.cookie}=${other.cookie}` } })).status).toBe(404);
    const mine = await fetch(url, { headers: { Cookie: `${advertiserSessions.cookie}=${cookie}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');

    await t.db('ads').where('id', adId).update({ state: 'published' });
    const published = await fetch(url);
    expect(published.status).toBe(200);
    expect(published.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(published.headers.get('cache-control')).not.toContain('immutable');
    // Held by a report: gone for visitors at once.
    await t.db('ads').where('id', adId).update({ state: 'held' });
    expect((await fetch(url)).status).toBe(404);
  });
});
