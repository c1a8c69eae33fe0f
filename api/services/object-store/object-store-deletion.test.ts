// What each object store deletes, over HTTP on SQLite and PostgreSQL: the objects of a deleted account and of
// documents past their 30 days, nothing left behind when the store refuses to write, and the orphan sweep.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#api/config.ts';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { serve, type TestServer } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { AD_IMAGES_PREFIX, adImageObjectKey, saveAdImage, encodeAdImage } from '#api/services/image-store.ts';
import { sealedObjectKey, sealedPrefix, storeDocument } from '#api/services/identity-vault.ts';
import { purgeIdentityDocuments } from '#api/services/identity-purge.ts';
import { removeOrphanFiles } from '#api/services/orphan-files.ts';
import type { ObjectStore } from './object-store.ts';
import { diskStore } from './disk-store.ts';
import { s3Store } from './s3-store.ts';
import { adImageUrl, AD_IMAGE_WIDTHS } from '#shared/photo-urls.ts';

import {
  IDENTITY_KEY,
  HOUR,
  t,
  s3,
  config,
  store,
  server,
  useStoreApp,
  advertiser,
  send,
  fileForm,
  uploadPhoto,
  selfieForm,
  pendingPayment,
  keysIn,
  PASSWORD,
} from './testing.ts';

describe.each(['disk', 's3'] as const)('the %s object store', (backend) => {
  useStoreApp(backend);

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
