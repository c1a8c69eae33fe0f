// "Fotos reales" through HTTP on SQLite and PostgreSQL: the owner's request (gesture chosen by the server, the ad's
// code, the selfie sealed at rest), what is refused and leaves nothing behind, staff's audited view and decision on
// each photo, the badge on the ad (on when every photo is verified, off at a new photo, on again when the unverified
// one goes), search, the export, the deletion of the selfie 30 days after the decision, and the catalog version.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startPanel, type Panel } from '#api/testing/panel.ts';
import { pngDeclaring, testJpeg, testPng } from '#api/testing/images.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { decryptDocument, readDocument, sealedObjectKey } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { purgeIdentityDocuments } from '#api/services/identity-purge.ts';
import { removeOrphanFiles } from '#api/services/orphan-files.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { findPublicAd } from '#db/queries/ad-page.ts';
import { removePhoto } from '#db/queries/ad-photos.ts';
import { searchAds } from '#db/queries/search-ads.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { CatalogueIndex } from '#db/search/catalogue-index.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { GESTURE_KEYS } from '#shared/photo-verification.ts';
import type { OwnPhotoVerification } from '#shared/contracts/advertiser/verification.ts';
import type { PhotoVerificationReview } from '#shared/contracts/staff/photo-verifications.ts';

let panel: Panel;
beforeAll(async () => {
  // A proxy on loopback: each owner uploads from an address of its own, under the per-address upload limits.
  panel = await startPanel({ config: { trustedProxies: ['127.0.0.1'] } });
});
afterAll(() => panel.close());

const db = () => panel.t.db;
const identityDir = () => path.join(panel.t.dataDir, 'identity');
const identityFiles = () => (fs.existsSync(identityDir()) ? fs.readdirSync(identityDir()).sort() : []);

let photoCounter = 0;
/** An advertiser with an ad in `state` and `photos` photos (rows only: the checks never read their files). */
async function ownerWithAd(options: { state?: string; photos?: number; title?: string } = {}) {
  const advertiserId = await insertAdvertiser(db(), { fullName: 'Lía Fotos Reales' });
  const adId = await insertAd(db(), advertiserId, { state: options.state ?? 'published', title: options.title ?? 'Masajes con fotos' });
  const photoIds: number[] = [];
  for (let position = 0; position < (options.photos ?? 2); position++) {
    photoCounter += 1;
    const [row] = await db()('ad_images')
      .insert({ ad_id: adId, position, file_key: photoCounter.toString(16).padStart(32, 'b'), width: 64, height: 64 })
      .returning('id');
    photoIds.push(typeof row === 'object' ? row.id : row);
  }
  const cookie = await advertiserSessions.create(db(), advertiserId);
  addresses.set(cookie, `198.51.100.${addresses.size + 1}`);
  return { advertiserId, adId, photoIds, cookie };
}

/** Each owner's own address (through the trusted proxy), by session. */
const addresses = new Map<string, string>();
const asOwner = (cookie: string) => ({
  Cookie: `${advertiserSessions.cookie}=${cookie}`,
  'Sec-Fetch-Site': 'same-origin',
  'X-Forwarded-For': addresses.get(cookie)!,
});

async function ownerCall(method: string, cookie: string, adId: number, suffix = '') {
  const res = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}/photo-verification${suffix}`, {
    method,
    headers: asOwner(cookie),
  });
  return { status: res.status, body: (await res.json()) as OwnPhotoVerification & { error?: { code: string; message: string } } };
}

async function sendSelfie(cookie: string, adId: number, bytes: Buffer | string, name = 'selfie.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.set('selfie', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}/photo-verification/selfie`, {
    method: 'POST',
    headers: asOwner(cookie),
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; field?: string; message: string } } };
}

/** An owner whose ad's request has its selfie in, waiting for staff. */
async function pendingRequest(options: { photos?: number; state?: string } = {}) {
  const owner = await ownerWithAd(options);
  expect((await ownerCall('POST', owner.cookie, owner.adId)).status).toBe(201);
  expect((await sendSelfie(owner.cookie, owner.adId, await testJpeg())).status).toBe(201);
  const request = await db()('photo_verification_requests').where('ad_id', owner.adId).first();
  return { ...owner, requestId: request.id as number };
}

const staff = (method: string, pathname: string, body?: unknown, cookie = panel.cookies.manage_verifications) =>
  panel.call(method, `/api/admin/photo-verifications${pathname}`, cookie, body);

const adRow = (adId: number) => db()('ads').where('id', adId).first();

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

describe('the badge follows the photos', () => {
  it('on when staff verify every photo (since then, catalog raised), off at a new photo, on again when it goes', async () => {
    const { adId, photoIds, requestId, cookie } = await pendingRequest();
    const version = await readCatalogVersion(db());
    const decided = await staff('POST', `/${requestId}/decide`, { photos: photoIds.map((id) => ({ id, verified: true })) });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toEqual({ success: true, status: 'approved' });
    expect(await readCatalogVersion(db())).toBeGreaterThan(version);

    const ad = await adRow(adId);
    expect(Boolean(ad.photos_verified)).toBe(true);
    const since = new Date(ad.photos_verified_at);
    expect(Date.now() - since.getTime()).toBeLessThan(60_000);
    const photos = await db()('ad_images').where('ad_id', adId);
    const staffId = (await db()('admin_users').where('username', 'con_manage_verifications').first()).id;
    for (const p of photos) expect(p).toMatchObject({ verified_by: staffId });
    expect(photos.every((p) => p.verified_at !== null)).toBe(true);
    expect(await db()('photo_verification_requests').where('id', requestId).first()).toMatchObject({
      status: 'approved',
      decided_by: staffId,
    });
    const audit = await db()('audit_log')
      .where({ action: 'photo_verification_decided', target_id: String(requestId) })
      .first();
    expect(audit.username).toBe('con_manage_verifications');
    expect(typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details).toMatchObject({
      adId,
      status: 'approved',
      verified: photoIds,
    });
    // Deciding twice: refused, nothing changes.
    expect((await staff('POST', `/${requestId}/decide`, { photos: photoIds.map((id) => ({ id, verified: true })) })).status).toBe(409);

    // The public page says since when; both searches find it with the filter.
    const page = await findPublicAd(db(), adId);
    expect(page).toMatchObject({ photosVerified: true, photosVerifiedAt: since });
    const filters = parseSearchParams(new URLSearchParams('verificacion=fotos-reales&q=masajes con fotos'));
    const index = await CatalogueIndex.build(await loadIndexRows(db()), await readCatalogVersion(db()));
    const [bySql, byIndex] = await Promise.all([searchAds(db(), filters), searchAds(db(), filters, new Date(), index)]);
    expect(bySql.ads.map((a) => a.id)).toContain(adId);
    expect(byIndex.ads.map((a) => a.id)).toEqual(bySql.ads.map((a) => a.id));
    // The owner's page shows the decision.
    expect((await ownerCall('GET', cookie, adId)).body).toMatchObject({
      ad: { photosVerified: true },
      open: null,
      latest: { status: 'approved', checks: [{ verified: true }, { verified: true }] },
    });

    // A new photo, through the owner's upload: not verified, so the badge goes at once.
    const before = await readCatalogVersion(db());
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(await testJpeg())], { type: 'image/jpeg' }), 'nueva.jpg');
    const added = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}/photos`, {
      method: 'POST',
      headers: asOwner(cookie),
      body: form,
    });
    expect(added.status).toBe(201);
    const newPhotoId = ((await added.json()) as { id: number }).id;
    expect(await adRow(adId)).toMatchObject({ photos_verified_at: null });
    expect(Boolean((await adRow(adId)).photos_verified)).toBe(false);
    expect(await readCatalogVersion(db())).toBeGreaterThan(before);
    const filtered = await searchAds(db(), filters);
    expect(filtered.ads.map((a) => a.id)).not.toContain(adId);

    // Removing that unverified photo brings it back, dated now.
    const removed = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}/photos/${newPhotoId}`, {
      method: 'DELETE',
      headers: asOwner(cookie),
    });
    expect(removed.status).toBe(204);
    const back = await adRow(adId);
    expect(Boolean(back.photos_verified)).toBe(true);
    expect(new Date(back.photos_verified_at).getTime()).toBeGreaterThanOrEqual(since.getTime());
  });

  it('a refused photo keeps the badge off; the owner sees which and why, and can ask again', async () => {
    const { adId, photoIds, requestId, cookie } = await pendingRequest();
    const res = await staff('POST', `/${requestId}/decide`, {
      photos: [
        { id: photoIds[0], verified: true },
        { id: photoIds[1], verified: false, reason: 'No se ve la misma persona que en la selfie.' },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: 'rejected' });
    expect(Boolean((await adRow(adId)).photos_verified)).toBe(false);
    const view = await ownerCall('GET', cookie, adId);
    expect(view.body.latest).toMatchObject({
      status: 'rejected',
      checks: [
        { photoId: photoIds[0], verified: true, reason: null },
        { photoId: photoIds[1], verified: false, reason: 'No se ve la misma persona que en la selfie.' },
      ],
    });
    // Removing the refused photo leaves only verified ones: the badge comes on.
    expect(await removePhoto(db(), adId, photoIds[1]!)).toEqual([expect.any(String)]);
    expect(Boolean((await adRow(adId)).photos_verified)).toBe(true);
    // Asking again opens a new request; the old decision stays (its refused photo now gone).
    expect((await ownerCall('POST', cookie, adId)).status).toBe(201);
    const again = await ownerCall('GET', cookie, adId);
    expect(again.body.open).toMatchObject({ status: 'awaiting_selfie' });
    expect(again.body.latest!.checks[1]).toMatchObject({ photoId: null, url: null, verified: false });
  });

  it('a photo refused in a later check loses its verification', async () => {
    const first = await pendingRequest({ photos: 1 });
    await staff('POST', `/${first.requestId}/decide`, { photos: [{ id: first.photoIds[0], verified: true }] });
    expect(Boolean((await adRow(first.adId)).photos_verified)).toBe(true);
    await ownerCall('POST', first.cookie, first.adId);
    await sendSelfie(first.cookie, first.adId, await testJpeg());
    const second = (await db()('photo_verification_requests').where({ ad_id: first.adId, status: 'pending' }).first()).id;
    await staff('POST', `/${second}/decide`, { photos: [{ id: first.photoIds[0], verified: false, reason: 'La foto está retocada.' }] });
    expect(await db()('ad_images').where('id', first.photoIds[0]).first()).toMatchObject({ verified_at: null, verified_by: null });
    expect(await adRow(first.adId)).toMatchObject({ photos_verified_at: null });
  });
});

describe('what is kept', () => {
  it('the selfie goes 30 days after the decision; the decision, date and reviewer stay', async () => {
    const { requestId, photoIds } = await pendingRequest({ photos: 1 });
    await staff('POST', `/${requestId}/decide`, { photos: [{ id: photoIds[0], verified: true }] });
    const decided = await db()('photo_verification_requests').where('id', requestId).first();
    const file = path.join(panel.t.dataDir, sealedObjectKey(decided.selfie_key));
    const decidedAt = new Date(decided.decided_at);
    const store = diskStore(panel.t.dataDir);

    await purgeIdentityDocuments(db(), store, new Date(decidedAt.getTime() + 29 * 86_400_000));
    expect(fs.existsSync(file)).toBe(true);
    const purgedAt = new Date(decidedAt.getTime() + 31 * 86_400_000);
    expect(await purgeIdentityDocuments(db(), store, purgedAt)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    const after = await db()('photo_verification_requests').where('id', requestId).first();
    expect(after).toMatchObject({ status: 'approved', decided_by: decided.decided_by, selfie_key: null, selfie_bytes: null });
    expect(new Date(after.decided_at)).toEqual(decidedAt);
    expect(new Date(after.selfie_purged_at)).toEqual(purgedAt);
    expect((await staff('GET', `/${requestId}/selfie`)).status).toBe(404);
    expect(await db()('photo_verification_checks').where('request_id', requestId)).toHaveLength(1);
  });

  it('a pending selfie is never purged, nor swept as an orphan', async () => {
    const { requestId } = await pendingRequest({ photos: 1 });
    const later = new Date(Date.now() + 90 * 86_400_000);
    await purgeIdentityDocuments(db(), diskStore(panel.t.dataDir), later);
    const key = (await db()('photo_verification_requests').where('id', requestId).first()).selfie_key;
    expect(key).not.toBeNull();
    await removeOrphanFiles(db(), diskStore(panel.t.dataDir), later);
    expect(fs.existsSync(path.join(panel.t.dataDir, sealedObjectKey(key)))).toBe(true);
  });

  it("the owner's data export lists the requests with state and dates, never the selfie", async () => {
    const { requestId, photoIds, cookie } = await pendingRequest({ photos: 1 });
    await staff('POST', `/${requestId}/decide`, { photos: [{ id: photoIds[0], verified: false, reason: 'No coincide con la selfie.' }] });
    const res = await fetch(`${panel.server.url}/api/advertiser/data`, { headers: asOwner(cookie) });
    const text = await res.text();
    const data = JSON.parse(text) as { photoVerifications: Record<string, unknown>[] };
    expect(data.photoVerifications).toEqual([
      expect.objectContaining({
        status: 'rejected',
        requestedAt: expect.any(String),
        submittedAt: expect.any(String),
        decidedAt: expect.any(String),
        photos: [{ position: 0, verified: false, reason: 'No coincide con la selfie.' }],
      }),
    ]);
    const key = (await db()('photo_verification_requests').where('id', requestId).first()).selfie_key;
    expect(text).not.toContain(key);
  });

  it('deleting the ad deletes its selfie', async () => {
    const { adId, cookie } = await pendingRequest({ photos: 1 });
    const key = (await db()('photo_verification_requests').where('ad_id', adId).first()).selfie_key;
    const res = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}`, { method: 'DELETE', headers: asOwner(cookie) });
    expect(res.status).toBe(204);
    expect(fs.existsSync(path.join(panel.t.dataDir, sealedObjectKey(key)))).toBe(false);
    expect(await db()('photo_verification_requests').where('ad_id', adId)).toHaveLength(0);
  });
});
