// "Fotos reales" through HTTP on SQLite and PostgreSQL: the owner's request (gesture chosen by the server, the ad's
// code, the selfie sealed at rest), what is refused and leaves nothing behind, and staff's audited view and decision on
// each photo. The badge and what is kept are in photo-verification-badge.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { errorOf } from '#api/testing/panel.ts';
import { pngDeclaring, testJpeg, testPng } from '#api/testing/images.ts';
import { decryptDocument, readDocument, sealedObjectKey } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { GESTURE_KEYS } from '#shared/photo-verification.ts';
import type { PhotoVerificationReview } from '#shared/contracts/staff/photo-verifications.ts';
import {
  panel,
  db,
  identityFiles,
  ownerWithAd,
  asOwner,
  ownerCall,
  sendSelfie,
  pendingRequest,
  staff,
  usePhotoVerificationPanel,
} from './testing.ts';

usePhotoVerificationPanel();

describe('the owner asks for the check', () => {
  it('the server chooses a gesture and stores it; the ad code is the ad id; a second request is refused', async () => {
    const { adId, cookie } = await ownerWithAd();
    const before = await ownerCall('GET', cookie, adId);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ ad: { id: adId, photosVerified: false }, stateAllows: true, open: null, latest: null });
    expect(before.body.photos).toHaveLength(2);

    const opened = await ownerCall('POST', cookie, adId);
    expect(opened.status).toBe(201);
    expect(opened.body.open).toMatchObject({ status: 'awaiting_selfie', submittedAt: null });
    expect(GESTURE_KEYS).toContain(opened.body.open!.gesture);
    const stored = await db()('photo_verification_requests').where('ad_id', adId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ gesture: opened.body.open!.gesture, status: 'awaiting_selfie', selfie_key: null });

    // A double click: one open request per ad, nothing added.
    const again = await ownerCall('POST', cookie, adId);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'already_open', message: expect.stringContaining('ya tiene una verificación') });
    expect(await db()('photo_verification_requests').where('ad_id', adId)).toHaveLength(1);
  });

  it('the gesture is chosen at random among the neutral ones', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { adId, cookie } = await ownerWithAd({ photos: 1 });
      seen.add((await ownerCall('POST', cookie, adId)).body.open!.gesture);
    }
    // 12 draws from 8 gestures are all the same with probability 8^-11.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('refuses drafts, ads without photos, other advertisers and unknown ads', async () => {
    const draft = await ownerWithAd({ state: 'draft' });
    expect(await ownerCall('POST', draft.cookie, draft.adId)).toMatchObject({ status: 409, body: { error: { code: 'not_allowed' } } });
    const empty = await ownerWithAd({ photos: 0 });
    expect(await ownerCall('POST', empty.cookie, empty.adId)).toMatchObject({ status: 409, body: { error: { code: 'no_photos' } } });
    const other = await ownerWithAd();
    expect((await ownerCall('POST', other.cookie, draft.adId)).status).toBe(404);
    expect((await ownerCall('GET', other.cookie, draft.adId)).status).toBe(404);
    expect((await ownerCall('POST', other.cookie, 999_999)).status).toBe(404);
    const anonymous = await fetch(`${panel.server.url}/api/advertiser/ads/${other.adId}/photo-verification`);
    expect(anonymous.status).toBe(401);
    expect(await db()('photo_verification_requests').whereIn('ad_id', [draft.adId, empty.adId])).toHaveLength(0);
  });

  it('a pending ad may ask too (the badge is ready when it is approved)', async () => {
    const { adId, cookie } = await ownerWithAd({ state: 'pending' });
    expect((await ownerCall('POST', cookie, adId)).status).toBe(201);
  });
});

describe('the selfie', () => {
  it('is re-encoded without metadata and sealed at rest: the stored bytes are not an image', async () => {
    const { adId, cookie } = await ownerWithAd();
    await ownerCall('POST', cookie, adId);
    const answer = await sendSelfie(cookie, adId, await testJpeg(120, 80, { exif: true, orientation: 6 }));
    expect(answer.status).toBe(201);
    const request = await db()('photo_verification_requests').where('ad_id', adId).first();
    expect(request).toMatchObject({ status: 'pending' });
    expect(request.selfie_key).toMatch(/^[a-f0-9]{32}$/);
    expect(request.submitted_at).not.toBeNull();

    const sealed = fs.readFileSync(path.join(panel.t.dataDir, sealedObjectKey(request.selfie_key)));
    expect(sealed.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    await expect(sharp(sealed).metadata()).rejects.toThrow();
    expect(() => decryptDocument(sealed, Buffer.alloc(32, 9), request.selfie_key)).toThrow();
    const plain = await readDocument(diskStore(panel.t.dataDir), panel.identityKey, request.selfie_key);
    const meta = await sharp(plain).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 80, height: 120 });
    expect(meta.exif).toBeUndefined();
    expect(plain.includes(Buffer.from('SN-123456'))).toBe(false);

    // The owner's view: waiting for staff; a second selfie is refused and stores nothing.
    expect((await ownerCall('GET', cookie, adId)).body.open).toMatchObject({ status: 'pending' });
    const files = identityFiles();
    const second = await sendSelfie(cookie, adId, await testJpeg());
    expect(second).toMatchObject({ status: 409, body: { error: { code: 'not_awaiting_selfie', field: 'selfie' } } });
    expect(identityFiles()).toEqual(files);
  });

  it('PNG and WebP are taken too', async () => {
    for (const [bytes, type] of [
      [await testPng(), 'image/png'],
      [
        await sharp(await testPng())
          .webp()
          .toBuffer(),
        'image/webp',
      ],
    ] as const) {
      const { adId, cookie } = await ownerWithAd({ photos: 1 });
      await ownerCall('POST', cookie, adId);
      expect((await sendSelfie(cookie, adId, bytes, 'selfie', type)).status).toBe(201);
    }
  });

  it('refuses fake, oversized, damaged and huge pictures with a Spanish message, and keeps nothing', async () => {
    const { adId, cookie } = await ownerWithAd();
    await ownerCall('POST', cookie, adId);
    const files = identityFiles();
    const cases: [Buffer | string, string][] = [
      ['esto no es una imagen', 'el archivo no es una imagen JPG, PNG o WebP'],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6 * 1024 * 1024, 1)]), 'pesa más de 5 MB'],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]), 'dañada'],
      [pngDeclaring(20_000, 20_000), 'demasiados píxeles'],
    ];
    for (const [bytes, message] of cases) {
      const answer = await sendSelfie(cookie, adId, bytes);
      expect(answer.status, message).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_image', field: 'selfie' });
      expect(answer.body.error!.message).toContain(message);
    }
    const form = new FormData();
    const missing = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}/photo-verification/selfie`, {
      method: 'POST',
      headers: asOwner(cookie),
      body: form,
    });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe('Falta la selfie.');
    expect(identityFiles()).toEqual(files);
    expect(await db()('photo_verification_requests').where('ad_id', adId).first()).toMatchObject({
      status: 'awaiting_selfie',
      selfie_key: null,
    });
  });

  it('without an open request, or for another advertiser, nothing is read or stored', async () => {
    const { adId, cookie } = await ownerWithAd();
    const files = identityFiles();
    expect(await sendSelfie(cookie, adId, await testJpeg())).toMatchObject({
      status: 409,
      body: { error: { code: 'not_awaiting_selfie' } },
    });
    await ownerCall('POST', cookie, adId);
    const stranger = await ownerWithAd();
    expect((await sendSelfie(stranger.cookie, adId, await testJpeg())).status).toBe(404);
    expect(identityFiles()).toEqual(files);
  });
});

describe('staff', () => {
  it('see the queue and the request with the gesture, the code and each photo; each selfie view is audited', async () => {
    const { adId, requestId, photoIds } = await pendingRequest();
    const queue = (await (await staff('GET', '')).json()) as { id: number; adId: number; photoCount: number }[];
    expect(queue.find((r) => r.id === requestId)).toMatchObject({ adId, photoCount: 2 });

    const review = (await (await staff('GET', `/${requestId}`)).json()) as PhotoVerificationReview;
    const gesture = (await db()('photo_verification_requests').where('id', requestId).first()).gesture;
    expect(review).toMatchObject({ id: requestId, gesture, adCode: adId, hasSelfie: true });
    expect(review.photos.map((p) => p.id)).toEqual(photoIds);

    const audits = () => db()('audit_log').where({ action: 'photo_selfie_viewed', target_id: String(requestId) });
    const selfie = await staff('GET', `/${requestId}/selfie`);
    expect(selfie.status).toBe(200);
    expect(selfie.headers.get('content-type')).toBe('image/jpeg');
    expect(selfie.headers.get('cache-control')).toBe('no-store');
    expect((await sharp(Buffer.from(await selfie.arrayBuffer())).metadata()).format).toBe('jpeg');
    await staff('GET', `/${requestId}/selfie`, undefined, panel.cookies.super);
    const rows = await audits();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.username).sort()).toEqual(['con_manage_verifications', 'velada_admin']);

    expect((await staff('GET', '/999999')).status).toBe(404);
    expect((await staff('GET', '/999999/selfie')).status).toBe(404);
  });

  it('need the verification permission: others get 403 and change nothing', async () => {
    const { requestId, photoIds } = await pendingRequest({ photos: 1 });
    for (const cookie of [panel.cookies.manage_ads, panel.cookies.view_subscribers, panel.cookies.none]) {
      expect((await staff('GET', `/${requestId}/selfie`, undefined, cookie)).status).toBe(403);
      const res = await staff('POST', `/${requestId}/decide`, { photos: [{ id: photoIds[0], verified: true }] }, cookie);
      expect(res.status).toBe(403);
    }
    expect((await panel.call('GET', `/api/admin/photo-verifications/${requestId}/selfie`)).status).toBe(401);
    expect(await db()('photo_verification_requests').where('id', requestId).first()).toMatchObject({ status: 'pending' });
    expect(await db()('audit_log').where({ action: 'photo_selfie_viewed', target_id: String(requestId) })).toHaveLength(0);
  });

  it('refuse a decision that misses a photo, names another, or refuses one without a reason', async () => {
    const { requestId, photoIds, adId } = await pendingRequest();
    const other = await ownerWithAd({ photos: 1 });
    const bad: [unknown, number, string][] = [
      [{ photos: [{ id: photoIds[0], verified: true }] }, 409, 'photos_changed'],
      [
        {
          photos: [
            { id: photoIds[0], verified: true },
            { id: other.photoIds[0], verified: true },
          ],
        },
        409,
        'photos_changed',
      ],
      [
        {
          photos: [
            { id: photoIds[0], verified: true },
            { id: photoIds[1], verified: false },
          ],
        },
        400,
        'invalid_input',
      ],
      [
        {
          photos: [
            { id: photoIds[0], verified: true },
            { id: photoIds[0], verified: true },
          ],
        },
        400,
        'invalid_input',
      ],
      [{ photos: [] }, 400, 'invalid_input'],
    ];
    for (const [body, status, code] of bad) {
      const res = await staff('POST', `/${requestId}/decide`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const error = await errorOf(res);
      expect(error.code).toBe(code);
      if (status === 400) expect(error.message).toMatch(/foto/);
    }
    expect(await db()('photo_verification_requests').where('id', requestId).first()).toMatchObject({ status: 'pending', decided_at: null });
    expect(await db()('ad_images').where('ad_id', adId).whereNotNull('verified_at')).toHaveLength(0);
    expect(await db()('photo_verification_checks').where('request_id', requestId)).toHaveLength(0);
    expect(await db()('audit_log').where({ action: 'photo_verification_decided', target_id: String(requestId) })).toHaveLength(0);
  });
});
