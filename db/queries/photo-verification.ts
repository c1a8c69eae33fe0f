// "Fotos reales" from the owner's side (docs/decisions/033-photo-verification.md): the state of an ad's check
// (its photos, the open request with the gesture to make, the latest decision with each photo's result), opening a
// request (the gesture comes from the caller, chosen by the server) and recording the sealed selfie.
import type { Knex } from 'knex';
import { Ad, AdPhoto, PhotoVerificationRequest } from '#db/models/index.ts';
import { isUniqueViolation } from '#db/dialect.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import type { AdState } from '#shared/catalogue.ts';
import { OPEN_PHOTO_VERIFICATION, PHOTO_VERIFIABLE_STATES, type PhotoVerificationStatus } from '#shared/photo-verification.ts';

export interface OwnPhotoVerification {
  ad: {
    id: number;
    title: string;
    state: AdState;
    photosVerified: boolean;
    photosVerifiedAt: string | null;
  };
  /** The ad's state allows a check (PHOTO_VERIFIABLE_STATES). */
  stateAllows: boolean;
  /** Its photos in gallery order, through the app's /media/ads (the ad may not be public). */
  photos: { id: number; url: string; verifiedAt: string | null }[];
  /** The request waiting for the selfie or for staff. */
  open: {
    id: number;
    status: 'awaiting_selfie' | 'pending';
    gesture: string;
    requestedAt: string;
    submittedAt: string | null;
  } | null;
  /** The latest decided request, each photo's result with the reason of a refusal. */
  latest: {
    id: number;
    status: 'approved' | 'rejected';
    decidedAt: string;
    checks: { photoId: number | null; url: string | null; verified: boolean; reason: string | null }[];
  } | null;
}

const ownAd = (db: Knex, advertiserId: number, adId: number) =>
  Ad.query(db).findById(adId).where('advertiser_id', advertiserId).select('id', 'title', 'state', 'photos_verified', 'photos_verified_at');

const stateAllows = (state: string) => (PHOTO_VERIFIABLE_STATES as readonly string[]).includes(state);
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The check of the advertiser's ad as its page shows it; null when the ad is not theirs or does not exist. */
export async function findOwnPhotoVerification(db: Knex, advertiserId: number, adId: number): Promise<OwnPhotoVerification | null> {
  const ad = await ownAd(db, advertiserId, adId);
  if (!ad) return null;
  const photos = await AdPhoto.query(db).where('ad_id', adId).modify('inGalleryOrder').select('id', 'file_key', 'verified_at');
  const requests = () => PhotoVerificationRequest.query(db).where('ad_id', adId).orderBy('id', 'desc');
  const open = await requests().whereIn('status', OPEN_PHOTO_VERIFICATION).first();
  const decided = await requests().whereIn('status', ['approved', 'rejected']).first().withGraphFetched('checks(inOrder).photo');
  return {
    ad: {
      id: ad.id,
      title: ad.title,
      state: ad.state,
      photosVerified: ad.photosVerified,
      photosVerifiedAt: iso(ad.photosVerifiedAt ?? null),
    },
    stateAllows: stateAllows(ad.state),
    photos: photos.map((p) => ({ id: p.id, url: adImageUrl(p.fileKey, 400), verifiedAt: iso(p.verifiedAt) })),
    open: open
      ? {
          id: open.id,
          status: open.status as 'awaiting_selfie' | 'pending',
          gesture: open.gesture,
          requestedAt: open.requestedAt.toISOString(),
          submittedAt: iso(open.submittedAt),
        }
      : null,
    latest: decided
      ? {
          id: decided.id,
          status: decided.status as 'approved' | 'rejected',
          decidedAt: decided.decidedAt!.toISOString(),
          checks: decided.checks!.map((c) => ({
            photoId: c.adImageId,
            url: c.photo ? adImageUrl(c.photo.fileKey, 400) : null,
            verified: c.verified,
            reason: c.reason,
          })),
        }
      : null,
  };
}

export type OpenResult = { id: number } | 'missing' | 'not_allowed' | 'no_photos' | 'already_open';

/** Opens a request for the advertiser's ad with the gesture the server chose. */
export async function openPhotoVerification(
  db: Knex,
  advertiserId: number,
  adId: number,
  gesture: string,
  now = new Date(),
): Promise<OpenResult> {
  const ad = await ownAd(db, advertiserId, adId);
  if (!ad) return 'missing';
  if (!stateAllows(ad.state)) return 'not_allowed';
  if (!(await AdPhoto.query(db).where('ad_id', adId).first())) return 'no_photos';
  try {
    // The unique index on open requests (one per ad) settles a double click or a second tab.
    const request = await PhotoVerificationRequest.query(db).insert({
      adId,
      advertiserId,
      gesture,
      status: 'awaiting_selfie',
      requestedAt: now,
    });
    return { id: request.id };
  } catch (err) {
    if (isUniqueViolation(err)) return 'already_open';
    throw err;
  }
}

/**
 * Whether the advertiser's ad has a request waiting for its selfie, checked before the upload is read and stored:
 * 'none' when it has no such request, 'not_allowed' when the ad left the states that allow a check.
 */
export async function selfieExpected(db: Knex, advertiserId: number, adId: number): Promise<'yes' | 'missing' | 'not_allowed' | 'none'> {
  const ad = await ownAd(db, advertiserId, adId);
  if (!ad) return 'missing';
  if (!stateAllows(ad.state)) return 'not_allowed';
  return (await PhotoVerificationRequest.query(db).where({ ad_id: adId, status: 'awaiting_selfie' }).select('id').first()) ? 'yes' : 'none';
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
  now = new Date(),
): Promise<'ok' | 'not_awaiting'> {
  const moved = await PhotoVerificationRequest.query(db)
    .where({ ad_id: adId, advertiser_id: advertiserId, status: 'awaiting_selfie' })
    .patch({ status: 'pending' satisfies PhotoVerificationStatus, selfieKey: selfie.fileKey, selfieBytes: selfie.bytes, submittedAt: now });
  return moved ? 'ok' : 'not_awaiting';
}
