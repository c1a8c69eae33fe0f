// "Fotos reales" from the panel (permission manage_verifications; docs/decisions/033-photo-verification.md): the
// queue of requests whose selfie is in, one request with the ad's photos beside the gesture and code asked for,
// the sealed selfie's key (the route decrypts it and audits the view), and the decision on each photo.
import type { Knex } from 'knex';
import { AdPhoto, PhotoVerificationCheck, PhotoVerificationRequest } from '#db/models/index.ts';
import { refreshPhotosVerified } from '#db/queries/photos-verified.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import type { PhotoVerificationStatus } from '#shared/photo-verification.ts';

export interface PhotoVerificationQueueItem {
  id: number;
  adId: number;
  adTitle: string;
  adState: string;
  advertiserName: string;
  gesture: string;
  photoCount: number;
  submittedAt: string;
}

/** Requests waiting for staff, the oldest selfie first. */
export async function pendingPhotoVerifications(db: Knex, limit = 200): Promise<PhotoVerificationQueueItem[]> {
  const rows = await db('photo_verification_requests as r')
    .join('ads as a', 'a.id', 'r.ad_id')
    .join('advertisers as adv', 'adv.id', 'r.advertiser_id')
    .where('r.status', 'pending')
    .orderBy([{ column: 'r.submitted_at', order: 'asc' }, 'r.id'])
    .limit(limit)
    .select('r.id', 'r.ad_id', 'r.gesture', 'r.submitted_at', 'a.title', 'a.state', 'adv.full_name')
    .select(db('ad_images as i').whereRaw('i.ad_id = r.ad_id').count('*').as('photo_count'));
  return rows.map((r) => ({
    id: r.id,
    adId: r.ad_id,
    adTitle: r.title,
    adState: r.state,
    advertiserName: r.full_name,
    gesture: r.gesture,
    photoCount: Number(r.photo_count),
    submittedAt: new Date(r.submitted_at).toISOString(),
  }));
}

export interface PhotoVerificationReview {
  id: number;
  status: PhotoVerificationStatus;
  gesture: string;
  /** The code the selfie's paper must show: the ad's code, as visitors check it in /verificar-anuncio. */
  adCode: number;
  adTitle: string;
  adState: string;
  advertiserName: string;
  requestedAt: string;
  submittedAt: string | null;
  decidedAt: string | null;
  /** The selfie can be viewed (sent and not purged yet). */
  hasSelfie: boolean;
  /** The ad's photos now, in gallery order; staff decide on exactly these. */
  photos: { id: number; url: string; urlLarge: string; verifiedAt: string | null }[];
}

/** One request for staff to review (any state); null for an unknown id. */
export async function photoVerificationReview(db: Knex, id: number): Promise<PhotoVerificationReview | null> {
  const request = await PhotoVerificationRequest.query(db).findById(id).withGraphJoined('ad.advertiser');
  if (!request) return null;
  const photos = await AdPhoto.query(db).where('ad_id', request.adId).modify('inGalleryOrder');
  return {
    id: request.id,
    status: request.status,
    gesture: request.gesture,
    adCode: request.adId,
    adTitle: request.ad!.title,
    adState: request.ad!.state,
    advertiserName: request.ad!.advertiser!.fullName,
    requestedAt: request.requestedAt.toISOString(),
    submittedAt: request.submittedAt?.toISOString() ?? null,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    hasSelfie: request.selfieKey !== null,
    photos: photos.map((p) => ({
      id: p.id,
      url: adImageUrl(p.fileKey, 400),
      urlLarge: adImageUrl(p.fileKey, 800),
      verifiedAt: p.verifiedAt?.toISOString() ?? null,
    })),
  };
}

/** The request's sealed selfie, for staff to view; null when there is none (not sent yet, or purged). */
export async function photoVerificationSelfie(db: Knex, id: number): Promise<{ fileKey: string; adId: number } | null> {
  const request = await PhotoVerificationRequest.query(db).findById(id).select('selfie_key', 'ad_id');
  return request?.selfieKey ? { fileKey: request.selfieKey, adId: request.adId } : null;
}

export interface PhotoCheck {
  photoId: number;
  verified: boolean;
  /** Required when not verified: the advertiser reads it. */
  reason?: string | undefined;
}

export type PhotoDecisionResult =
  | {
      adId: number;
      status: 'approved' | 'rejected';
      verified: number;
      refused: number;
      /** Each refused photo by its place in the gallery (1, 2, …) and staff's reason: what the owner's mail lists. */
      refusedPhotos: { position: number; reason: string | null }[];
      photosVerified: boolean;
      decidedAt: Date;
    }
  | 'missing'
  | 'not_pending'
  | 'photos_changed';

/** Thrown inside the decision's savepoint to undo its claim when the photos do not match. */
class PhotosChanged extends Error {}

/**
 * pending -> approved (every photo verified) | rejected (at least one refused), with a check row per photo. Each
 * photo's own state follows the decision (verified now, or no longer verified), then the ad's "Fotos reales"
 * (refreshPhotosVerified). `checks` must name exactly the ad's photos: 'photos_changed' when the owner added or
 * removed one since staff opened the request (nothing is written then).
 */
export async function decidePhotoVerification(
  db: Knex,
  input: { requestId: number; adminId: number; checks: PhotoCheck[] },
  now = new Date(),
): Promise<PhotoDecisionResult> {
  const refused = input.checks.filter((c) => !c.verified).length;
  const status = refused === 0 ? 'approved' : 'rejected';
  try {
    return await db.transaction(async (trx) => {
      // The claim is the first statement, a write: a second decision racing this one finds nothing to move.
      const claimed = await PhotoVerificationRequest.query(trx)
        .findById(input.requestId)
        .where('status', 'pending')
        .patch({ status, decidedAt: now, decidedBy: input.adminId });
      if (!claimed) {
        const exists = await PhotoVerificationRequest.query(trx).findById(input.requestId).select('id');
        return exists ? 'not_pending' : 'missing';
      }
      const { adId } = (await PhotoVerificationRequest.query(trx).findById(input.requestId).select('ad_id'))!;
      const photos = await AdPhoto.query(trx).where('ad_id', adId).modify('inGalleryOrder').select('id', 'verified_at');
      const byId = new Map(input.checks.map((c) => [c.photoId, c]));
      if (photos.length === 0 || photos.length !== input.checks.length || !photos.every((p) => byId.has(p.id))) throw new PhotosChanged();
      const refusedPhotos: { position: number; reason: string | null }[] = [];
      for (const [position, photo] of photos.entries()) {
        const check = byId.get(photo.id)!;
        if (!check.verified) refusedPhotos.push({ position: position + 1, reason: check.reason ?? null });
        await PhotoVerificationCheck.query(trx).insert({
          requestId: input.requestId,
          adImageId: photo.id,
          position,
          verified: check.verified,
          reason: check.verified ? null : (check.reason ?? null),
        });
        await AdPhoto.query(trx)
          .findById(photo.id)
          .patch(check.verified ? { verifiedAt: now, verifiedBy: input.adminId } : { verifiedAt: null, verifiedBy: null });
      }
      const photosVerified = await refreshPhotosVerified(trx, adId, now);
      return { adId, status, verified: photos.length - refused, refused, refusedPhotos, photosVerified, decidedAt: now } as const;
    });
  } catch (err) {
    if (err instanceof PhotosChanged) return 'photos_changed';
    throw err;
  }
}
