// Photos, receipts and identity documents through each object store, over HTTP on SQLite and PostgreSQL: folders
// under DATA_DIR (the default) and an S3-compatible bucket (s3rver in this process, tooling/testing/s3.ts). What
// is written before its row, what is served and how, what stays sealed. Deletions are in object-store-deletion.test.ts.
import { describe, expect, it } from 'vitest';
import { rawGet } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { AD_IMAGES_PREFIX, adImageObjectKey } from '#api/services/image-store.ts';
import { decryptDocument, sealedObjectKey } from '#api/services/identity-vault.ts';
import { adImageUrl, AD_IMAGE_WIDTHS } from '#shared/photo-urls.ts';

import {
  IDENTITY_KEY,
  HOUR,
  t,
  store,
  server,
  staffCookie,
  useStoreApp,
  advertiser,
  send,
  fileForm,
  uploadPhoto,
  selfieForm,
  pendingPayment,
  keysIn,
} from './testing.ts';

describe.each(['disk', 's3'] as const)('the %s object store', (backend) => {
  useStoreApp(backend);

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
});
