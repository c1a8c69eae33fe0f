// "Fotos reales" from the panel (permission manage_verifications, as identity verification): the queue, one request
// with the ad's photos, its selfie decrypted for one view (every view audited), and the decision on each photo,
// committed with its audit row, then mailed to the ad's owner (docs/decisions/067-photo-trust.md).
import type { Knex } from 'knex';
import {
  decidePhotoVerification as decide,
  pendingPhotoVerifications,
  photoVerificationReview,
  photoVerificationSelfie,
  type PhotoCheck,
  type PhotoVerificationQueueItem as QueueRow,
  type PhotoVerificationReview as ReviewRow,
} from '#db/queries/admin/photo-verifications.ts';
import type {
  PhotoVerificationDecided,
  PhotoVerificationQueueItem,
  PhotoVerificationReview,
} from '#shared/contracts/staff/photo-verifications.ts';
import type { SealedFiles } from '../files.ts';
import { refuse } from '#core/refusals.ts';
import { recordStaffView, staffAction, type StaffActor } from '../staff-action.ts';
import { mailPhotoDecision } from '#core/verification/photo-badge.ts';
import type { NoticeDeps } from '#core/own-ads/notices.ts';

const requestMissing = () => refuse('photo_request_missing');

export function presentQueueItem(row: QueueRow): PhotoVerificationQueueItem {
  return {
    id: row.id,
    adId: row.adId,
    adTitle: row.adTitle,
    advertiserName: row.advertiserName,
    gesture: row.gesture,
    photoCount: row.photoCount,
    submittedAt: row.submittedAt,
  };
}

export function presentReview(row: ReviewRow): PhotoVerificationReview {
  return {
    id: row.id,
    gesture: row.gesture,
    adCode: row.adCode,
    adTitle: row.adTitle,
    advertiserName: row.advertiserName,
    submittedAt: row.submittedAt,
    hasSelfie: row.hasSelfie,
    photos: row.photos.map((p) => ({ id: p.id, url: p.url, urlLarge: p.urlLarge, verifiedAt: p.verifiedAt })),
  };
}

/** Requests waiting for staff, the oldest selfie first. */
export async function photoVerificationQueue(db: Knex): Promise<PhotoVerificationQueueItem[]> {
  return (await pendingPhotoVerifications(db)).map(presentQueueItem);
}

export async function photoVerification(db: Knex, id: number): Promise<PhotoVerificationReview> {
  const review = await photoVerificationReview(db, id);
  if (!review) throw requestMissing();
  return presentReview(review);
}

/** The request's selfie, decrypted for this view only; the view is in the audit log. */
export async function viewSelfie(deps: { db: Knex; files: SealedFiles }, actor: StaffActor, id: number): Promise<Buffer> {
  const selfie = await photoVerificationSelfie(deps.db, id);
  if (!selfie) throw refuse('selfie_missing');
  const image = await deps.files.read(selfie.fileKey);
  await recordStaffView(deps.db, actor, {
    action: 'photo_selfie_viewed',
    targetType: 'photo_verification',
    targetId: id,
    details: { adId: selfie.adId },
  });
  return image;
}

/** A photo's mark as staff send it: verified, or not with the reason the advertiser reads. */
export interface PhotoMark {
  id: number;
  verified: boolean;
  reason?: string | undefined;
}

/**
 * Staff's decision on each photo of the ad; the marks must name exactly the ad's photos as they are now. The owner is
 * mailed once it committed (a mail that fails changes nothing).
 */
export async function decidePhotos(deps: NoticeDeps, actor: StaffActor, id: number, marks: PhotoMark[]): Promise<PhotoVerificationDecided> {
  const { db } = deps;
  const checks: PhotoCheck[] = marks.map((m) => ({ photoId: m.id, verified: m.verified, reason: m.reason }));
  type Decided = Exclude<Awaited<ReturnType<typeof decide>>, string>;
  const decided = await staffAction<Decided>(
    db,
    actor,
    (result) => ({
      action: 'photo_verification_decided',
      targetType: 'photo_verification',
      targetId: id,
      details: {
        adId: result.adId,
        status: result.status,
        verified: checks.filter((c) => c.verified).map((c) => c.photoId),
        refused: checks.filter((c) => !c.verified).map((c) => ({ photoId: c.photoId, reason: c.reason })),
      },
    }),
    async (trx) => {
      const result = await decide(trx, { requestId: id, adminId: actor.admin.id, checks });
      if (result === 'missing') throw requestMissing();
      if (result === 'not_pending') throw refuse('photo_request_not_pending');
      if (result === 'photos_changed') throw refuse('photos_changed_in_review');
      return result;
    },
  );
  await mailPhotoDecision(
    deps,
    decided.adId,
    decided.status === 'approved'
      ? { status: 'approved', decidedAt: decided.decidedAt }
      : { status: 'rejected', refusedPhotos: decided.refusedPhotos },
  );
  return { success: true, status: decided.status };
}
