// "Fotos reales" for the owner of an ad (docs/decisions/033-photo-verification.md):
// GET  /api/advertiser/ads/:id/photo-verification         the check's state (photos, open request, latest decision)
// POST /api/advertiser/ads/:id/photo-verification         opens a request; the server chooses the gesture
// POST /api/advertiser/ads/:id/photo-verification/selfie  the selfie (multipart), re-encoded and sealed like an
//                                                         identity document; the request then waits for staff
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';
import { ownAdNotFound, verificationUnavailable } from '#api/errors.ts';
import { idParams } from '#api/http/validate.ts';
import { oneFileForm } from '#api/http/read-multipart.ts';
import { encodedUpload, encodeDocument, imageTooLarge, MAX_IMAGE_BYTES } from '#api/services/uploaded-image.ts';

import { identityVault } from './verification.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import {
  openPhotoVerification,
  findOwnPhotoVerification,
  recordSelfie,
  checkSelfieExpected,
} from '#core/verification/photo-verification.ts';

/** Upload paths accept multipart forms (api/middleware/same-origin.ts). */
export const isSelfieUploadPath = (path: string) => /^\/api\/advertiser\/ads\/\d+\/photo-verification\/selfie$/.test(path);

const adMissing = ownAdNotFound;
const me = (ctx: Context) => signedInAdvertiser(ctx).id;

const SELFIE_FORM = oneFileForm(MAX_IMAGE_BYTES, () => imageTooLarge('la selfie', 'selfie'));

export function photoVerificationRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser/ads/:id/photo-verification');

  async function current(ctx: Context, id: number) {
    const state = await findOwnPhotoVerification(deps.db, me(ctx), id);
    if (!state) throw adMissing();
    return state;
  }

  route('get', '/', { access: 'advertiser', budget: 'advertiser-reads', input: { params: idParams } }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await current(ctx, ctx.input.params.id);
  });

  route('post', '/', { access: 'advertiser', budget: 'photo-verification-open', input: { params: idParams } }, async (ctx) => {
    const { id } = ctx.input.params;
    await openPhotoVerification(deps.db, me(ctx), id);
    ctx.status = 201;
    ctx.body = await current(ctx, id);
  });

  route(
    'post',
    '/selfie',
    { access: 'advertiser', budget: 'photo-selfie-upload', input: { params: idParams, form: SELFIE_FORM } },
    async (ctx) => {
      const { id } = ctx.input.params;
      const key = deps.config.identityKey;
      if (!key) throw verificationUnavailable();
      // Checked before the upload is read: nothing is stored for a request that cannot take it.
      await checkSelfieExpected(deps.db, me(ctx), id);
      const jpeg = await encodedUpload(await ctx.input.form(), 'selfie', 'la selfie', encodeDocument);
      // Sealed and stored before the row that names it; removed again when the row cannot be written.
      const vault = identityVault(deps.store, key);
      const fileKey = await vault.seal(jpeg);
      await recordSelfie(deps.db, me(ctx), id, { fileKey, bytes: jpeg.length }).catch(async (err: unknown) => {
        await vault.discard([fileKey]);
        throw err;
      });
      ctx.status = 201;
      ctx.body = await current(ctx, id);
    },
  );

  return router;
}
