// "Fotos reales" from the owner's side (docs/decisions/033-photo-verification.md): where an ad's check stands (its
// photos, the open request with the gesture to make, the latest decision with each photo's result), opening a request
// (the gesture is chosen by the server, never the advertiser) and recording the sealed selfie. Only ads in
// PHOTO_VERIFIABLE_STATES with photos can be checked; another advertiser's ad is not found, like a missing one.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  adHasPhotos,
  awaitsSelfie,
  insertPhotoRequest,
  ownAdForPhotoCheck,
  photoRequestsOf,
  photosToCheck,
  recordSelfie as recordSealedSelfie,
} from '#db/queries/photo-verification.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { GESTURE_KEYS, PHOTO_VERIFIABLE_STATES } from '#shared/photo-verification.ts';
import type { OwnPhotoVerification } from '#shared/contracts/advertiser/verification.ts';
import { refuse } from '#core/refusals.ts';

const stateAllows = (state: string) => (PHOTO_VERIFIABLE_STATES as readonly string[]).includes(state);
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** The check of the advertiser's ad as its page shows it; null when the ad is not theirs or does not exist. */
export async function findOwnPhotoVerification(db: Knex, advertiserId: number, adId: number): Promise<OwnPhotoVerification | null> {
  if (!Number.isSafeInteger(adId) || adId <= 0) return null;
  const ad = await ownAdForPhotoCheck(db, advertiserId, adId);
  if (!ad) return null;
  const photos = await photosToCheck(db, adId);
  const { open, decided } = await photoRequestsOf(db, adId);
  return {
    ad: { id: ad.id, title: ad.title, state: ad.state, photosVerified: ad.photosVerified, photosVerifiedAt: iso(ad.photosVerifiedAt) },
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
          selfieDeletedAt: iso(decided.selfiePurgedAt),
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

/** Opens a request for the advertiser's ad with a gesture chosen here: the advertiser cannot pick an old selfie's. */
export async function openPhotoVerification(
  db: Knex,
  advertiserId: number,
  adId: number,
  now = new Date(),
  gesture = GESTURE_KEYS[crypto.randomInt(GESTURE_KEYS.length)]!,
): Promise<{ id: number }> {
  const ad = await ownAdForPhotoCheck(db, advertiserId, adId);
  if (!ad) throw refuse('own_ad_missing');
  if (!stateAllows(ad.state)) throw refuse('photo_verification_not_allowed');
  if (!(await adHasPhotos(db, adId))) throw refuse('no_photos_to_verify');
  // The unique index on open requests (one per ad) settles a double click or a second tab.
  const opened = await insertPhotoRequest(db, { adId, advertiserId, gesture }, now);
  if (opened === 'already_open') throw refuse('photo_verification_open');
  return opened;
}

/**
 * Checked before the upload is read and stored: refused unless the advertiser's ad has a request waiting for its
 * selfie and is still in a state that allows a check.
 */
export async function checkSelfieExpected(db: Knex, advertiserId: number, adId: number): Promise<void> {
  const ad = await ownAdForPhotoCheck(db, advertiserId, adId);
  if (!ad) throw refuse('own_ad_missing');
  if (!stateAllows(ad.state)) throw refuse('photo_verification_not_allowed');
  if (!(await awaitsSelfie(db, adId))) throw refuse('no_selfie_expected');
}

/** Records the sealed selfie: the request then waits for staff. Refused when a racing upload got there first. */
export async function recordSelfie(
  db: Knex,
  advertiserId: number,
  adId: number,
  selfie: { fileKey: string; bytes: number },
  now = new Date(),
): Promise<void> {
  if ((await recordSealedSelfie(db, advertiserId, adId, selfie, now)) === 'not_awaiting') throw refuse('no_selfie_expected');
}
