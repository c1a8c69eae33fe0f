// "Fotos reales" in the panel (permission manage_verifications, as identity verification): the queue, one request
// with the ad's photos, its selfie (decrypted for that answer only, every view audited) and the decision on each
// photo, committed with its audit row.
import { documentsUnreadable, notFound, conflict, photosChanged } from '#api/errors.ts';
import { audit } from '#db/queries/admin/audit-log.ts';
import {
  decidePhotoVerification,
  pendingPhotoVerifications,
  photoVerificationReview,
  photoVerificationSelfie,
} from '#db/queries/admin/photo-verifications.ts';
import { readDocument, readingKeys } from '#api/services/identity-vault.ts';
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { photoDecisionBody } from './schema.ts';

type Decided = Exclude<Awaited<ReturnType<typeof decidePhotoVerification>>, string>;

const requestMissing = () => notFound('photo_verification_not_found', 'La solicitud de verificación de fotos no existe.');

export function registerPhotoVerificationRoutes({ deps, route, act }: StaffRoutes): void {
  route('get', '/photo-verifications', async (ctx) => {
    ctx.body = await pendingPhotoVerifications(deps.db);
  });

  route('get', '/photo-verifications/:id', { params: idParams }, async (ctx) => {
    const review = await photoVerificationReview(deps.db, ctx.input.params.id);
    if (!review) throw requestMissing();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = review;
  });

  // Decrypted for this answer only; every view is in the audit log.
  route('get', '/photo-verifications/:id/selfie', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const selfie = await photoVerificationSelfie(deps.db, id);
    if (!selfie) throw notFound('selfie_not_found', 'La selfie no existe o ya se eliminó.');
    if (!deps.config.identityKey) throw documentsUnreadable();
    const image = await readDocument(deps.store, readingKeys(deps.config.identityKey, deps.config.previousIdentityKey), selfie.fileKey);
    await audit(deps.db, {
      action: 'photo_selfie_viewed',
      adminUserId: admin.id,
      username: admin.username,
      targetType: 'photo_verification',
      targetId: id,
      details: { adId: selfie.adId },
      ip: ctx.ip,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'inline');
    ctx.type = 'image/jpeg';
    ctx.body = image;
  });

  route('post', '/photo-verifications/:id/decide', { params: idParams, body: photoDecisionBody }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const checks = ctx.input.body.photos.map((p) => ({ photoId: p.id, verified: p.verified, reason: p.reason }));
    const result = await act<Decided>(
      ctx,
      admin,
      (decided) => ({
        action: 'photo_verification_decided',
        targetType: 'photo_verification',
        targetId: id,
        details: {
          adId: decided.adId,
          status: decided.status,
          verified: checks.filter((c) => c.verified).map((c) => c.photoId),
          refused: checks.filter((c) => !c.verified).map((c) => ({ photoId: c.photoId, reason: c.reason })),
        },
      }),
      async (trx) => {
        const decided = await decidePhotoVerification(trx, { requestId: id, adminId: admin.id, checks });
        if (decided === 'missing') throw requestMissing();
        if (decided === 'not_pending') throw conflict('not_pending', 'Esa solicitud ya se decidió o todavía no tiene la selfie.');
        if (decided === 'photos_changed') throw photosChanged();
        return decided;
      },
    );
    ctx.body = { success: true, ...result };
  });
}
