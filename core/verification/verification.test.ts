// What an advertiser sees of their verifications, their identity's and an ad's "Fotos reales": on SQLite, and on
// PostgreSQL in the postgres project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdPhoto, insertAdvertiser } from '#tooling/factories/index.ts';
import { GESTURE_KEYS } from '#shared/photo-verification.ts';
import { latestVerification } from './own-verification.ts';
import { findOwnPhotoVerification, openPhotoVerification, recordSelfie, checkSelfieExpected } from './photo-verification.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('identity verification', () => {
  it('is the latest request, with the reason of a refusal', async () => {
    const advertiser = await insertAdvertiser(t.db, { verificationStatus: 'rejected' });
    expect(await latestVerification(t.db, advertiser)).toBeNull();
    const submittedAt = new Date('2026-11-20T12:00:00Z');
    const decidedAt = new Date('2026-11-21T12:00:00Z');
    const request = { advertiser_id: advertiser, method: 'manual', full_name: 'Persona de Prueba', birth_date: '1995-06-15' };
    await t
      .db('verification_requests')
      .insert({ ...request, status: 'rejected', reason: 'Foto borrosa', submitted_at: submittedAt, decided_at: decidedAt });
    expect(await latestVerification(t.db, advertiser)).toEqual({
      method: 'manual',
      status: 'rejected',
      reason: 'Foto borrosa',
      submittedAt: submittedAt.toISOString(),
      decidedAt: decidedAt.toISOString(),
      documentsDeletedAt: null,
    });
  });
});

describe('"Fotos reales" of one’s own ad', () => {
  it('shows the ad’s photos and opens one request at a time, with a gesture the server chose', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner, { title: 'Con fotos' });
    await expect(openPhotoVerification(t.db, owner, id)).rejects.toMatchObject({ reason: 'no_photos_to_verify' });
    const photo = await insertAdPhoto(t.db, id);
    const opened = await openPhotoVerification(t.db, owner, id);
    expect(opened).toEqual({ id: expect.any(Number) });
    await expect(openPhotoVerification(t.db, owner, id)).rejects.toMatchObject({ reason: 'photo_verification_open' });
    const state = await findOwnPhotoVerification(t.db, owner, id);
    expect(state).toMatchObject({
      ad: { id, title: 'Con fotos', state: 'published', photosVerified: false, photosVerifiedAt: null },
      stateAllows: true,
      photos: [{ id: photo, url: expect.stringContaining('/media/ads/'), verifiedAt: null }],
      open: { status: 'awaiting_selfie', submittedAt: null },
      latest: null,
    });
    expect(GESTURE_KEYS).toContain(state!.open!.gesture);
  });

  it('takes the selfie once, only while a request waits for it, and only for the ad’s owner', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner);
    await insertAdPhoto(t.db, id);
    await expect(checkSelfieExpected(t.db, owner, id)).rejects.toMatchObject({ reason: 'no_selfie_expected' });
    await openPhotoVerification(t.db, owner, id);
    await expect(checkSelfieExpected(t.db, owner, id)).resolves.toBeUndefined();
    await expect(checkSelfieExpected(t.db, await insertAdvertiser(t.db), id)).rejects.toMatchObject({ reason: 'own_ad_missing' });
    await expect(recordSelfie(t.db, owner, id, { fileKey: 'a'.repeat(32), bytes: 1000 })).resolves.toBeUndefined();
    await expect(recordSelfie(t.db, owner, id, { fileKey: 'b'.repeat(32), bytes: 1000 })).rejects.toMatchObject({
      reason: 'no_selfie_expected',
    });
    expect(await findOwnPhotoVerification(t.db, owner, id)).toMatchObject({ open: { status: 'pending', submittedAt: expect.any(String) } });
  });

  it('is not open for an ad whose state does not allow it, nor found for someone else', async () => {
    const owner = await insertAdvertiser(t.db);
    const draft = await insertAd(t.db, owner, { state: 'draft' });
    await insertAdPhoto(t.db, draft);
    await expect(openPhotoVerification(t.db, owner, draft)).rejects.toMatchObject({ reason: 'photo_verification_not_allowed' });
    expect(await findOwnPhotoVerification(t.db, owner, draft)).toMatchObject({ stateAllows: false });
    expect(await findOwnPhotoVerification(t.db, await insertAdvertiser(t.db), draft)).toBeNull();
    expect(await findOwnPhotoVerification(t.db, owner, 0)).toBeNull();
  });
});
