// "Fotos reales" after staff decide: the badge on the ad (on when every photo is verified, off at a new photo, on
// again when the unverified one goes), search, the catalog version, the export, and the deletion of the selfie 30 days
// after the decision.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testJpeg } from '#api/testing/images.ts';
import { sealedObjectKey } from '#api/services/identity-vault.ts';
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
import { panel, db, asOwner, ownerCall, sendSelfie, pendingRequest, staff, adRow, usePhotoVerificationPanel } from './testing.ts';

usePhotoVerificationPanel();

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
  it('the selfie goes 7 days after the decision, with an audit row; the decision, date and reviewer stay', async () => {
    const { requestId, photoIds, adId, cookie } = await pendingRequest({ photos: 1 });
    await staff('POST', `/${requestId}/decide`, { photos: [{ id: photoIds[0], verified: true }] });
    expect((await ownerCall('GET', cookie, adId)).body.latest).toMatchObject({ selfieDeletedAt: null });
    const decided = await db()('photo_verification_requests').where('id', requestId).first();
    const file = path.join(panel.t.dataDir, sealedObjectKey(decided.selfie_key));
    const decidedAt = new Date(decided.decided_at);
    const store = diskStore(panel.t.dataDir);

    // 6 days and 23 hours: still kept.
    await purgeIdentityDocuments(db(), store, new Date(decidedAt.getTime() + 7 * 86_400_000 - 3_600_000));
    expect(fs.existsSync(file)).toBe(true);
    const purgedAt = new Date(decidedAt.getTime() + 7 * 86_400_000);
    expect(await purgeIdentityDocuments(db(), store, purgedAt)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    const after = await db()('photo_verification_requests').where('id', requestId).first();
    expect(after).toMatchObject({ status: 'approved', decided_by: decided.decided_by, selfie_key: null, selfie_bytes: null });
    expect(new Date(after.decided_at)).toEqual(decidedAt);
    expect(new Date(after.selfie_purged_at)).toEqual(purgedAt);
    const rows = await db()('audit_log').where({ action: 'photo_selfie_deleted', target_id: String(requestId) });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_user_id: null, username: null, target_type: 'photo_verification' });
    expect(new Date(rows[0].created_at)).toEqual(purgedAt);
    expect(JSON.stringify(rows[0])).not.toContain(decided.selfie_key);
    // The owner is shown when it went.
    expect((await ownerCall('GET', cookie, adId)).body.latest).toMatchObject({ selfieDeletedAt: purgedAt.toISOString() });
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
        selfiePurgedAt: null,
        photos: [{ position: 0, verified: false, reason: 'No coincide con la selfie.' }],
      }),
    ]);
    // By when the selfie goes: 7 days after the decision, within the hourly purge.
    const decidedAt = new Date(data.photoVerifications[0]!.decidedAt as string);
    expect(data.photoVerifications[0]!.selfieDeletedBy).toBe(new Date(decidedAt.getTime() + 7 * 86_400_000 + 3_600_000).toISOString());
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
