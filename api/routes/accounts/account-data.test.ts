// The advertiser's own ads over time and their data rights, through HTTP on SQLite and PostgreSQL: pause,
// resume, renew and delete an ad; download every datum; delete the account (billing records stay, anonymised).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import {
  insertAd,
  insertAdPhoto,
  insertAdvertiser,
  insertAvailabilityWindow,
  insertCheckIn,
  insertDailyStats,
} from '#tooling/factories/index.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { AD_IMAGES_PREFIX, storeAdImage } from '#api/services/image-store.ts';
import { sealedObjectKey, storeDocument } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { insertedId } from '#db/dialect.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

let t: TestDb;
let server: TestApp;
const KEY = Buffer.alloc(32, 5);

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t, { config: { identityKey: KEY } });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

async function advertiser() {
  const id = await insertAdvertiser(t.db, { fullName: 'Dueña Prueba', passwordHash: await hashPassword('clave-dueña-1') });
  return { id, cookie: await advertiserSessions.create(t.db, id) };
}
const call = (method: string, pathname: string, cookie: string, body?: unknown) =>
  fetch(`${server.url}/api/advertiser${pathname}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const stateOf = async (id: number) => (await t.db('ads').where('id', id).first()).state;

describe('an ad over time', () => {
  it('pauses and resumes a published ad; a paused ad that ran out must be renewed', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, { state: 'published' });
    expect((await call('POST', `/ads/${adId}/resume`, owner.cookie)).status).toBe(409);
    expect((await call('POST', `/ads/${adId}/pause`, owner.cookie)).status).toBe(200);
    expect(await stateOf(adId)).toBe('paused');
    expect((await call('POST', `/ads/${adId}/resume`, owner.cookie)).status).toBe(200);
    expect(await stateOf(adId)).toBe('published');

    await call('POST', `/ads/${adId}/pause`, owner.cookie);
    await t
      .db('ads')
      .where('id', adId)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await call('POST', `/ads/${adId}/resume`, owner.cookie);
    expect(expired.status).toBe(409);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe('expired');
  });

  it('renews a free ad only near or after its end, for 30 more days', async () => {
    const owner = await advertiser();
    const fresh = await insertAd(t.db, owner.id, { state: 'published' });
    expect((await call('POST', `/ads/${fresh}/renew`, owner.cookie)).status).toBe(409); // 30 days left
    const ended = await insertAd(t.db, owner.id, { state: 'expired' });
    await t
      .db('ads')
      .where('id', ended)
      .update({ expires_at: new Date(Date.now() - 86_400_000) });
    const renewed = await call('POST', `/ads/${ended}/renew`, owner.cookie);
    expect(renewed.status).toBe(200);
    const row = await t.db('ads').where('id', ended).first();
    expect(row.state).toBe('published');
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('deletes an ad and its photo files; another advertiser can do none of this', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, { state: 'published' });
    const image = await storeAdImage(diskStore(t.dataDir), await testJpeg());
    await insertAdPhoto(t.db, adId, { fileKey: image.key, width: image.width, height: image.height });
    const stranger = await advertiser();
    for (const [method, p] of [
      ['POST', `/ads/${adId}/pause`],
      ['POST', `/ads/${adId}/renew`],
      ['DELETE', `/ads/${adId}`],
    ] as const) {
      expect((await call(method, p, stranger.cookie)).status, `${method} ${p}`).toBe(404);
    }
    expect(await stateOf(adId)).toBe('published');
    expect((await call('DELETE', `/ads/${adId}`, owner.cookie)).status).toBe(204);
    expect(await t.db('ads').where('id', adId).first()).toBeUndefined();
    expect(fs.readdirSync(path.join(t.dataDir, AD_IMAGES_PREFIX)).filter((f) => f.startsWith(image.key))).toEqual([]);
  });
});

describe('data rights', () => {
  it('downloads everything kept about the account as JSON, without identity documents', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id, { title: 'Mi aviso para exportar' });
    await insertDailyStats(t.db, adId, '2026-11-20', { impressions: 40, views: 7, phoneReveals: 2, whatsappOpens: 1 });
    // The same day per cover: a photo still there, and one since deleted.
    const photoId = await insertAdPhoto(t.db, adId, { fileKey: 'c'.repeat(32) });
    await t.db('ad_cover_daily_stats').insert([
      { ad_id: adId, day: '2026-11-20', photo_id: photoId, impressions: 30, views: 6 },
      { ad_id: adId, day: '2026-11-20', photo_id: photoId + 1000, impressions: 10, views: 1 },
    ]);
    const startsAt = new Date('2026-11-20T22:00:00Z');
    const endsAt = new Date('2026-11-20T23:00:00Z');
    await insertAvailabilityWindow(t.db, adId, { startsAt, hours: 1 });
    // A check-in timer running now is part of what is kept (decision 041).
    const dueAt = new Date(Date.now() + 3_600_000);
    await insertCheckIn(t.db, owner.id, {
      contactEmail: 'amiga@example.com',
      shownName: 'Dueña',
      message: 'Estoy en un bar de Palermo.',
      dueAt,
    });
    const res = await call('GET', '/data', owner.cookie);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="velada-mis-datos.json"');
    const data = (await res.json()) as {
      account: { fullName: string; createdAt: string };
      ads: { title: string; dailyStatistics: unknown[]; coverStatistics: unknown[]; availabilityWindows: unknown[] }[];
      verifications: unknown[];
      payments: unknown[];
      checkIn: unknown;
    };
    expect(data.account.fullName).toBe('Dueña Prueba');
    expect(data.checkIn).toMatchObject({
      contactEmail: 'amiga@example.com',
      message: 'Estoy en un bar de Palermo.',
      dueAt: dueAt.toISOString(),
    });
    expect(data.account.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/); // a date a person can read, on both databases
    expect(data.ads.map((a) => a.title)).toEqual(['Mi aviso para exportar']);
    expect(data.ads[0]!.dailyStatistics).toEqual([{ day: '2026-11-20', impressions: 40, views: 7, phoneReveals: 2, whatsappOpens: 1 }]);
    expect(data.ads[0]!.coverStatistics).toEqual([
      { day: '2026-11-20', impressions: 30, views: 6, cover: `/media/ads/${'c'.repeat(32)}-800.webp` },
      { day: '2026-11-20', impressions: 10, views: 1, cover: null },
    ]);
    expect(data.ads[0]!.availabilityWindows).toEqual([
      { kind: 'available', startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
    ]);
  });

  it('deletes the account with its password: ads, photos, documents, receipts and sessions go; payments stay, anonymised', async () => {
    const owner = await advertiser();
    const adId = await insertAd(t.db, owner.id);
    const image = await storeAdImage(diskStore(t.dataDir), await testJpeg());
    await insertAdPhoto(t.db, adId, { fileKey: image.key, width: image.width, height: image.height });
    const [request] = await t
      .db('verification_requests')
      .insert({
        advertiser_id: owner.id,
        method: 'manual',
        full_name: 'Dueña Prueba',
        birth_date: '1990-01-01',
        status: 'approved',
        submitted_at: new Date(),
      })
      .returning('id');
    const documentKey = await storeDocument(diskStore(t.dataDir), KEY, Buffer.from('documento'));
    await t
      .db('identity_documents')
      .insert({ request_id: insertedId(request), kind: 'selfie', file_key: documentKey, bytes: 9, created_at: new Date() });
    const receiptKey = await storeDocument(diskStore(t.dataDir), KEY, Buffer.from('comprobante'), 'receipts');
    await t.db('payments').insert({
      advertiser_id: owner.id,
      ad_id: adId,
      amount: 15000,
      payment_method: 'transfer',
      status: 'completed',
      reference: `VEL-BORRAR-${owner.id}`,
      receipt_key: receiptKey,
      receipt_type: 'image/webp',
      created_at: new Date(),
    });
    await t.db('payments').insert({
      advertiser_id: owner.id,
      ad_id: adId,
      amount: 25000,
      payment_method: 'transfer',
      status: 'pending',
      reference: `VEL-ESPERA-${owner.id}`,
      created_at: new Date(),
    });

    await insertCheckIn(t.db, owner.id, { contactEmail: 'amiga@example.com' });

    const wrong = await call('POST', '/delete-account', owner.cookie, { password: 'otra' });
    expect(wrong.status).toBe(403);
    expect(await t.db('ads').where('id', adId).first()).toBeDefined();

    expect((await call('POST', '/delete-account', owner.cookie, { password: 'clave-dueña-1' })).status).toBe(204);
    expect((await call('GET', '/data', owner.cookie)).status).toBe(401); // the session ended
    expect(await t.db('ads').where('advertiser_id', owner.id)).toHaveLength(0);
    expect(await t.db('verification_requests').where('advertiser_id', owner.id)).toHaveLength(0);
    expect(await t.db('check_ins').where('advertiser_id', owner.id)).toHaveLength(0);
    expect(fs.readdirSync(path.join(t.dataDir, AD_IMAGES_PREFIX)).filter((f) => f.startsWith(image.key))).toEqual([]);
    expect(fs.existsSync(path.join(t.dataDir, sealedObjectKey(documentKey)))).toBe(false);
    const account = await t.db('advertisers').where('id', owner.id).first();
    expect(account).toMatchObject({
      full_name: 'Cuenta eliminada',
      password_hash: null,
      dni: null,
      email: `cuenta-eliminada-${owner.id}@velada.invalid`,
    });
    expect(await t.db('payments').where('reference', `VEL-BORRAR-${owner.id}`).first()).toMatchObject({
      amount: 15000,
      ad_id: null,
      receipt_key: null,
    });
    expect(fs.existsSync(path.join(t.dataDir, sealedObjectKey(receiptKey, 'receipts')))).toBe(false);
    expect(await t.db('payments').where('reference', `VEL-ESPERA-${owner.id}`).first()).toMatchObject({ status: 'cancelled', ad_id: null });
  });
});
