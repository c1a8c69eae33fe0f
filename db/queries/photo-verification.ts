// "Fotos reales" from the owner's side (docs/decisions/033-photo-verification.md) in the database: the ad and its
// photos, its open request and its latest decided one (with each photo's result), a new request, and the sealed
// selfie recorded on it. The rules and what the owner sees are core/verification/photo-verification.ts.
import type { Knex } from 'knex';
import { Ad, AdPhoto, PhotoVerificationRequest } from '#db/models/index.ts';
import { isUniqueViolation } from '#db/dialect.ts';
import { OPEN_PHOTO_VERIFICATION, type PhotoVerificationStatus } from '#shared/photo-verification.ts';

/** The advertiser's ad as its check reads it; null when it is not theirs or does not exist. */
export async function ownAdForPhotoCheck(
  db: Knex,
  advertiserId: number,
  adId: number,
): Promise<Pick<Ad, 'id' | 'title' | 'state' | 'photosVerified' | 'photosVerifiedAt'> | null> {
  return (
    (await Ad.query(db)
      .findById(adId)
      .where('advertiser_id', advertiserId)
      .select('id', 'title', 'state', 'photos_verified', 'photos_verified_at')) ?? null
  );
}

/** The ad's photos in gallery order. */
export async function photosToCheck(db: Knex, adId: number): Promise<Pick<AdPhoto, 'id' | 'fileKey' | 'verifiedAt'>[]> {
  return await AdPhoto.query(db).where('ad_id', adId).modify('inGalleryOrder').select('id', 'file_key', 'verified_at');
}

export async function adHasPhotos(db: Knex, adId: number): Promise<boolean> {
  return Boolean(await AdPhoto.query(db).where('ad_id', adId).first());
}

const requests = (db: Knex, adId: number) => PhotoVerificationRequest.query(db).where('ad_id', adId).orderBy('id', 'desc');

/** The ad's request waiting for its selfie or for staff, and its latest decided one with each photo's check. */
export async function photoRequestsOf(
  db: Knex,
  adId: number,
): Promise<{ open: PhotoVerificationRequest | null; decided: PhotoVerificationRequest | null }> {
  const open = await requests(db, adId).whereIn('status', OPEN_PHOTO_VERIFICATION).first();
  const decided = await requests(db, adId).whereIn('status', ['approved', 'rejected']).first().withGraphFetched('checks(inOrder).photo');
  return { open: open ?? null, decided: decided ?? null };
}

export async function awaitsSelfie(db: Knex, adId: number): Promise<boolean> {
  return Boolean(await PhotoVerificationRequest.query(db).where({ ad_id: adId, status: 'awaiting_selfie' }).select('id').first());
}

/** A new request with its gesture; 'already_open' when the ad has one (the unique index on open requests, one per ad). */
export async function insertPhotoRequest(
  db: Knex,
  input: { adId: number; advertiserId: number; gesture: string },
  now: Date,
): Promise<{ id: number } | 'already_open'> {
  try {
    const request = await PhotoVerificationRequest.query(db).insert({ ...input, status: 'awaiting_selfie', requestedAt: now });
    return { id: request.id };
  } catch (err) {
    if (isUniqueViolation(err)) return 'already_open';
    throw err;
  }
}

/**
 * Records the sealed selfie on the ad's request waiting for it (awaiting_selfie -> pending); 'not_awaiting' when
 * there is none any more (a second upload racing this one), and then nothing is written.
 */
export async function recordSelfie(
  db: Knex,
  advertiserId: number,
  adId: number,
  selfie: { fileKey: string; bytes: number },
  now: Date,
): Promise<'ok' | 'not_awaiting'> {
  const moved = await PhotoVerificationRequest.query(db)
    .where({ ad_id: adId, advertiser_id: advertiserId, status: 'awaiting_selfie' })
    .patch({ status: 'pending' satisfies PhotoVerificationStatus, selfieKey: selfie.fileKey, selfieBytes: selfie.bytes, submittedAt: now });
  return moved ? 'ok' : 'not_awaiting';
}
