// Photos, receipts and identity documents through each object store, over HTTP on SQLite and PostgreSQL: folders
// under DATA_DIR (the default) and an S3-compatible bucket (s3rver in this process, tooling/testing/s3.ts). What
// is written before its row, what is served and how, what stays sealed, what deletions and the orphan sweep remove.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '#api/config.ts';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { rawGet, serve, serveTestApp, testConfig, type TestApp, type TestServer } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { startTestS3, type TestS3 } from '#tooling/testing/s3.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { insertedId } from '#db/dialect.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { createAdministratorAccount } from '#api/services/administrator-accounts.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { AD_IMAGES_PREFIX, adImageObjectKey, saveAdImage, encodeAdImage } from '#api/services/image-store.ts';
import { decryptDocument, sealedObjectKey, sealedPrefix, storeDocument } from '#api/services/identity-vault.ts';
import { purgeIdentityDocuments } from '#api/services/identity-purge.ts';
import { removeOrphanFiles } from '#api/services/orphan-files.ts';
import { openObjectStore, type ObjectStore } from './object-store.ts';
import { diskStore } from './disk-store.ts';
import { s3Store } from './s3-store.ts';
import { adImageUrl, AD_IMAGE_WIDTHS } from '#shared/photo-urls.ts';

const IDENTITY_KEY = Buffer.alloc(32, 4);
const PASSWORD = 'clave-de-prueba-1';
const HOUR = 60 * 60 * 1000;

describe.each(['disk', 's3'] as const)('the %s object store', (backend) => {
  let t: TestDb;
  let s3: TestS3 | null = null;
  let config: Config;
  let store: ObjectStore;
  let server: TestApp;
  let staffCookie: string;

  beforeAll(async () => {
    t = await createTestDb();
    s3 = backend === 's3' ? await startTestS3() : null;
    // The bucket's settings as an operator gives them, through the same validation.
    config = testConfig(t.dataDir, { identityKey: IDENTITY_KEY, s3: s3 ? loadConfig(s3.env).s3 : undefined });
    store = openObjectStore(config);
    server = await serveTestApp(t, { config });
    const staffId = await createAdministratorAccount(t.db, {
      username: `revisora_${backend}`,
      fullName: 'Revisora',
      password: 'una-clave-de-revision',
      permissions: ['manage_verifications'],
    });
    staffCookie = await staffSessions.create(t.db, staffId);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
    await t?.destroy();
  });

  async function advertiser(verification = 'verified') {
    const now = new Date();
    const [row] = await t
      .db('advertisers')
      .insert({
        email: `almacen${Date.now()}${Math.random().toString(36).slice(2, 8)}@ejemplo.com`,
        full_name: 'Dueña Almacén',
        birth_date: '1990-01-01',
        password_hash: await hashPassword(PASSWORD),
        verification_status: verification,
        email_confirmed_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const id = insertedId(row);
    return { id, cookie: `${advertiserSessions.cookie}=${await advertiserSessions.create(t.db, id)}` };
  }

  const send = (url: string, method: string, cookie: string | undefined, body?: FormData | object) =>
    fetch(url, {
      method,
      headers: {
        'Sec-Fetch-Site': 'same-origin',
        ...(body && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });

  const fileForm = (field: string, bytes: Buffer, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
    return form;
  };

  const uploadPhoto = (base: string, cookie: string, adId: number, bytes: Buffer) =>
    send(`${base}/api/advertiser/ads/${adId}/photos`, 'POST', cookie, fileForm('photo', bytes));

  const selfieForm = async () =>
    fileForm('selfie', await testJpeg(), {
      method: 'renaper',
      fullName: 'Julia Almacenada',
      birthDate: '1990-01-01',
      dni: '30123456',
      tramite: '00123456789',
      gender: 'F',
    });

  async function pendingPayment(owner: { id: number }, adId: number) {
    const [row] = await t
      .db('payments')
      .insert({
        advertiser_id: owner.id,
        ad_id: adId,
        amount: 15000,
        payment_method: 'transfer',
        status: 'pending',
        reference: `VEL-ALM-${backend.toUpperCase()}-${owner.id}`,
        created_at: new Date(),
      })
      .returning('id');
    return insertedId(row);
  }

  const keysIn = async (prefix: string) => (await store.list(prefix)).map((o) => o.key).sort();

  it('puts, gets, lists by folder and deletes objects; a missing one is null, deleting it again is fine', async () => {
    await store.put('uploads/prueba/uno.txt', Buffer.from('uno'), { contentType: 'text/plain' });
    await store.put('uploads/prueba/dos.txt', Buffer.from('dos'), { contentType: 'text/plain' });
    await store.put('uploads/otra/tres.txt', Buffer.from('tres'), { contentType: 'text/plain' });
    const got = await store.get('uploads/prueba/uno.txt');
    expect(got?.bytes.toString()).toBe('uno');
    expect(Math.abs(got!.lastModified.getTime() - Date.now())).toBeLessThan(HOUR);
    expect(await keysIn('uploads/prueba/')).toEqual(['uploads/prueba/dos.txt', 'uploads/prueba/uno.txt']);
    await store.delete('uploads/prueba/uno.txt');
    await store.delete('uploads/prueba/uno.txt');
    expect(await store.get('uploads/prueba/uno.txt')).toBeNull();
    expect(await keysIn('uploads/prueba/')).toEqual(['uploads/prueba/dos.txt']);
    expect(await store.list('nada/')).toEqual([]);
    await expect(store.get('../velada.sqlite')).rejects.toThrow(/not an object key/);
    for (const key of ['uploads/prueba/dos.txt', 'uploads/otra/tres.txt']) await store.delete(key);
  });

  it('stores an uploaded photo in every width before its row, serves it through the app with its cache headers and ETag, and deletes it with the photo', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, { state: 'draft' });
    const res = await uploadPhoto(server.url, owner.cookie, adId, await testJpeg(120, 80));
    expect(res.status).toBe(201);
    const photo = (await res.json()) as { id: number; url: string };
    const { file_key: key } = await t.db('ad_images').where('id', photo.id).first();
    for (const width of AD_IMAGE_WIDTHS) {
      const object = await store.get(adImageObjectKey(key, width));
      expect(object!.bytes.toString('latin1', 8, 12), `width ${width}`).toBe('WEBP');
    }
    // The owner's view goes through the app, which checks who asks: the ad is a draft.
    expect(photo.url).toBe(adImageUrl(key, 400));
    const own = await fetch(`${server.url}${photo.url}`, { headers: { Cookie: owner.cookie } });
    expect([own.status, own.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    expect((await fetch(`${server.url}${photo.url}`)).status).toBe(404);

    await t.db('ads').where('id', adId).update({ state: 'published' });
    const shown = await fetch(`${server.url}${photo.url}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect(shown.headers.get('cache-control')).toBe('public, max-age=600');
    expect(shown.headers.get('last-modified')).not.toBeNull();
    const body = Buffer.from(await shown.arrayBuffer());
    expect(body.equals((await store.get(adImageObjectKey(key, 400)))!.bytes)).toBe(true);
    const etag = shown.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    // node:http, as a browser revalidates (fetch() adds Cache-Control: no-cache to a conditional request).
    expect((await rawGet(`${server.url}${photo.url}`, { 'If-None-Match': etag })).status).toBe(304);

    await t.db('ads').where('id', adId).update({ state: 'draft' });
    expect((await send(`${server.url}/api/advertiser/ads/${adId}/photos/${photo.id}`, 'DELETE', owner.cookie)).status).toBe(204);
    for (const width of AD_IMAGE_WIDTHS) expect(await store.get(adImageObjectKey(key, width))).toBeNull();
    expect((await fetch(`${server.url}${photo.url}`, { headers: { Cookie: owner.cookie } })).status).toBe(404);
  });

  it('stores nothing for a photo over the limit of the plan', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, { state: 'draft' });
    const jpeg = await testJpeg();
    for (let i = 0; i < 3; i++) expect((await uploadPhoto(server.url, owner.cookie, adId, jpeg)).status).toBe(201);
    const before = await keysIn(AD_IMAGES_PREFIX);
    expect((await uploadPhoto(server.url, owner.cookie, adId, jpeg)).status).toBe(409);
    expect(await keysIn(AD_IMAGES_PREFIX)).toEqual(before);
    expect(await t.db('ad_images').where('ad_id', adId)).toHaveLength(3);
  });

  it('keeps identity documents sealed in the store: the object is not the image, it opens only with the key, and staff see the image', async () => {
    const owner = await advertiser('unverified');
    const res = await send(`${server.url}/api/advertiser/verification`, 'POST', owner.cookie, await selfieForm());
    expect(res.status).toBe(201);
    const request = await t.db('verification_requests').where('advertiser_id', owner.id).first();
    const doc = await t.db('identity_documents').where('request_id', request.id).first();
    const sealed = (await store.get(sealedObjectKey(doc.file_key)))!.bytes;
    expect(sealed.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(sealed.includes(Buffer.from('JFIF'))).toBe(false);
    expect(() => decryptDocument(sealed, Buffer.alloc(32, 5), doc.file_key)).toThrow();
    const plain = decryptDocument(sealed, IDENTITY_KEY, doc.file_key);
    expect(plain.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    const view = await fetch(`${server.url}/api/admin/identity-documents/${doc.id}`, {
      headers: { Cookie: `${staffSessions.cookie}=${staffCookie}` },
    });
    expect([view.status, view.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await view.arrayBuffer()).equals(plain)).toBe(true);
  });

  it('keeps transfer receipts sealed in the store, and gives the owner the receipt back', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id);
    const paymentId = await pendingPayment(owner, adId);
    const path = `${server.url}/api/advertiser/payments/${paymentId}/receipt`;
    expect((await send(path, 'POST', owner.cookie, fileForm('receipt', await testJpeg(300, 200)))).status).toBe(200);
    const { receipt_key: key } = await t.db('payments').where('id', paymentId).first();
    const sealed = (await store.get(sealedObjectKey(key, 'receipts')))!.bytes;
    expect(sealed.includes(Buffer.from('WEBP'))).toBe(false);
    const plain = decryptDocument(sealed, IDENTITY_KEY, key);
    expect(plain.toString('latin1', 8, 12)).toBe('WEBP');
    const back = await fetch(path, { headers: { Cookie: owner.cookie } });
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(plain)).toBe(true);
  });

  it('deletes the objects of a deleted account (photos, documents, receipts) and of documents past their 30 days', async () => {
    const owner = await advertiser('unverified');
    expect((await send(`${server.url}/api/advertiser/verification`, 'POST', owner.cookie, await selfieForm())).status).toBe(201);
    const adId = await insertAd(t.db, owner.id, { state: 'draft' });
    expect((await uploadPhoto(server.url, owner.cookie, adId, await testJpeg())).status).toBe(201);
    const paymentId = await pendingPayment(owner, adId);
    const receiptPath = `${server.url}/api/advertiser/payments/${paymentId}/receipt`;
    expect((await send(receiptPath, 'POST', owner.cookie, fileForm('receipt', await testJpeg()))).status).toBe(200);
    const photoKey = (await t.db('ad_images').where('ad_id', adId).first()).file_key;
    const request = await t.db('verification_requests').where('advertiser_id', owner.id).first();
    const documentKey = (await t.db('identity_documents').where('request_id', request.id).first()).file_key;
    const receiptKey = (await t.db('payments').where('id', paymentId).first()).receipt_key;
    const objects = [
      adImageObjectKey(photoKey, 400),
      adImageObjectKey(photoKey, 800),
      sealedObjectKey(documentKey),
      sealedObjectKey(receiptKey, 'receipts'),
    ];
    for (const key of objects) expect(await store.get(key), key).not.toBeNull();

    expect((await send(`${server.url}/api/advertiser/delete-account`, 'POST', owner.cookie, { password: PASSWORD })).status).toBe(204);
    for (const key of objects) expect(await store.get(key), key).toBeNull();

    // The hourly purge: documents of a request decided more than 30 days ago, objects first, then their rows.
    const other = await advertiser('unverified');
    expect((await send(`${server.url}/api/advertiser/verification`, 'POST', other.cookie, await selfieForm())).status).toBe(201);
    const decided = await t.db('verification_requests').where('advertiser_id', other.id).first();
    const oldKey = (await t.db('identity_documents').where('request_id', decided.id).first()).file_key;
    await t
      .db('verification_requests')
      .where('id', decided.id)
      .update({ status: 'rejected', decided_at: new Date(Date.now() - 31 * 24 * HOUR) });
    expect(await purgeIdentityDocuments(t.db, store)).toBe(1);
    expect(await store.get(sealedObjectKey(oldKey))).toBeNull();
    expect(await t.db('identity_documents').where('request_id', decided.id)).toHaveLength(0);
  });

  describe('when the store refuses to write', () => {
    let broken: TestServer;
    let brokenAnalytics: AnalyticsWriter;
    let brokenDir: string;
    beforeAll(async () => {
      brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-broken-store-'));
      // Where the store's folders should be there are files (disk); the bucket does not exist (S3).
      for (const name of ['uploads', 'identity', 'receipts']) fs.writeFileSync(path.join(brokenDir, name), 'no es una carpeta');
      const failing = config.s3 ? s3Store({ ...config.s3, bucket: 'no-existe' }) : diskStore(brokenDir);
      brokenAnalytics = new AnalyticsWriter(t.db);
      const app = await createApp({ db: t.db, config, analytics: brokenAnalytics, mailer: new MemoryMailer(), store: failing });
      broken = await serve(app);
    });
    afterAll(async () => {
      await broken.close();
      await brokenAnalytics.close();
      fs.rmSync(brokenDir, { recursive: true, force: true });
    });

    it('a photo, a verification or a receipt that cannot be stored leaves no row', async () => {
      const owner = await advertiser('unverified');
      const adId = await insertAd(t.db, owner.id, { state: 'draft' });
      expect((await uploadPhoto(broken.url, owner.cookie, adId, await testJpeg())).status).toBe(500);
      expect(await t.db('ad_images').where('ad_id', adId)).toHaveLength(0);

      expect((await send(`${broken.url}/api/advertiser/verification`, 'POST', owner.cookie, await selfieForm())).status).toBe(500);
      expect(await t.db('verification_requests').where('advertiser_id', owner.id)).toHaveLength(0);
      expect((await t.db('advertisers').where('id', owner.id).first()).verification_status).toBe('unverified');

      const paymentId = await pendingPayment(owner, adId);
      const receipt = fileForm('receipt', await testJpeg());
      expect((await send(`${broken.url}/api/advertiser/payments/${paymentId}/receipt`, 'POST', owner.cookie, receipt)).status).toBe(500);
      expect((await t.db('payments').where('id', paymentId).first()).receipt_key).toBeNull();
    });

    it('a photo whose second width fails leaves no first width behind', async () => {
      let puts = 0;
      const secondFails: ObjectStore = {
        ...store,
        put: (key, bytes, options) => (++puts === 2 ? Promise.reject(new Error('sin espacio')) : store.put(key, bytes, options)),
      };
      const before = await keysIn(AD_IMAGES_PREFIX);
      await expect(saveAdImage(secondFails, await encodeAdImage(await testJpeg()))).rejects.toThrow('sin espacio');
      expect(puts).toBe(2);
      expect(await keysIn(AD_IMAGES_PREFIX)).toEqual(before);
    });
  });

  it('the orphan sweep removes objects no row names once they are an hour old, and keeps the rest', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, { state: 'draft' });
    expect((await uploadPhoto(server.url, owner.cookie, adId, await testJpeg())).status).toBe(201);
    const named = (await t.db('ad_images').where('ad_id', adId).first()).file_key;
    const orphanPhoto = await saveAdImage(store, await encodeAdImage(await testJpeg()));
    const orphanDocument = await storeDocument(store, IDENTITY_KEY, Buffer.from('documento sin fila'));
    const orphanReceipt = await storeDocument(store, IDENTITY_KEY, Buffer.from('comprobante sin fila'), 'receipts');

    // Just written: an upload in flight may not have its row yet.
    await removeOrphanFiles(t.db, store);
    expect(await store.get(adImageObjectKey(orphanPhoto.key, 400))).not.toBeNull();

    const later = new Date(Date.now() + 2 * HOUR);
    const removed = await removeOrphanFiles(t.db, store, later);
    expect(removed['ad-images']).toBeGreaterThanOrEqual(1);
    expect(removed.identity).toBeGreaterThanOrEqual(1);
    expect(removed.receipts).toBeGreaterThanOrEqual(1);
    for (const width of AD_IMAGE_WIDTHS) {
      expect(await store.get(adImageObjectKey(orphanPhoto.key, width))).toBeNull();
      expect(await store.get(adImageObjectKey(named, width))).not.toBeNull();
    }
    expect(await store.get(sealedObjectKey(orphanDocument))).toBeNull();
    expect(await store.get(sealedObjectKey(orphanReceipt, 'receipts'))).toBeNull();
    // What rows name survives: every object left is named by a row.
    const documents = new Set(await t.db('identity_documents').pluck('file_key'));
    for (const key of await keysIn(sealedPrefix('identity')))
      expect(documents.has(key.slice('identity/'.length, -'.bin'.length)), key).toBe(true);
    expect(await removeOrphanFiles(t.db, store, later)).toEqual({ 'ad-images': 0, identity: 0, receipts: 0 });
  });

  if (backend === 'disk') {
    it('keeps the folders and files of DATA_DIR as they always were: private, and readable as before', async () => {
      const key = 'ab'.repeat(16);
      const file = path.join(t.dataDir, 'uploads', 'ads', `${key}-400.webp`);
      // A photo written before the store existed is found where it always was.
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'foto de antes');
      expect((await store.get(adImageObjectKey(key, 400)))!.bytes.toString()).toBe('foto de antes');
      const document = await storeDocument(store, IDENTITY_KEY, Buffer.from('documento'));
      const sealedFile = path.join(t.dataDir, 'identity', `${document}.bin`);
      expect(fs.statSync(sealedFile).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(sealedFile)).mode & 0o777).toBe(0o700);
      fs.rmSync(file);
    });
  }

  if (backend === 's3') {
    it('with MEDIA_PUBLIC_URL at a public bucket, the photo URL of pages serves the stored photo with the same cache policy', async () => {
      const media = loadConfig({ ...s3!.env, MEDIA_PUBLIC_URL: `${s3!.endpoint}/${s3!.bucket}/${AD_IMAGES_PREFIX}` });
      expect(media.mediaPublicUrl).toBe(`${s3!.endpoint}/${s3!.bucket}/uploads/ads`);
      const { key } = await saveAdImage(store, await encodeAdImage(await testJpeg()));
      const url = adImageUrl(key, 800, media.mediaPublicUrl);
      expect(url).toBe(`${s3!.endpoint}/${s3!.bucket}/uploads/ads/${key}-800.webp`);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=600');
      expect(Buffer.from(await res.arrayBuffer()).equals((await store.get(adImageObjectKey(key, 800)))!.bytes)).toBe(true);
    });
  }
});
