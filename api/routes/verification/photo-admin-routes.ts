// "Fotos reales" in the panel (permission manage_verifications, as identity verification): the queue, one request
// with the ad's photos, its selfie (decrypted for that answer only, every view audited) and the decision on each
// photo (core/panel/verification/photo-verifications.ts).
import { documentsUnreadable } from '#api/errors.ts';
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { sealedFiles } from '#api/routes/panel/sealed-files.ts';
import { decidePhotos, photoVerification, photoVerificationQueue, viewSelfie } from '#core/panel/verification/photo-verifications.ts';
import { photoDecisionBody } from './schema.ts';

export function registerPhotoVerificationRoutes({ deps, route }: StaffRoutes): void {
  route('get', '/photo-verifications', async (ctx) => {
    ctx.body = await photoVerificationQueue(deps.db);
  });

  route('get', '/photo-verifications/:id', { params: idParams }, async (ctx) => {
    const review = await photoVerification(deps.db, ctx.input.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = review;
  });

  route('get', '/photo-verifications/:id/selfie', { params: idParams }, async (ctx, actor) => {
    const files = sealedFiles(deps, documentsUnreadable);
    const image = await viewSelfie({ db: deps.db, files }, actor, ctx.input.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'inline');
    ctx.type = 'image/jpeg';
    ctx.body = image;
  });

  route('post', '/photo-verifications/:id/decide', { params: idParams, body: photoDecisionBody }, async (ctx, actor) => {
    const noticeDeps = { db: deps.db, mailer: deps.mailer, siteOrigin: deps.config.siteOrigin };
    ctx.body = await decidePhotos(noticeDeps, actor, ctx.input.params.id, ctx.input.body.photos);
  });
}
