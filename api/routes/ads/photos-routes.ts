// Photos of the advertiser's own ads: POST /api/advertiser/ads/:id/photos (one file per request, so the page can
// show each file's progress), DELETE /ads/:id/photos/:photoId, PUT /ads/:id/photos/order. Every file is checked
// (type by its bytes, 5 MB, pixel count), re-encoded to WebP widths without metadata, and the original dropped; its
// perceptual hash is kept to find the same picture in other accounts' ads (docs/decisions/043).
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';
import { removedAdPhoto } from '#api/errors.ts';
import { oneFileForm } from '#api/http/read-multipart.ts';
import { idParams, type WithInput } from '#api/http/validate.ts';
import { deleteAdImage, encodeAdImage, saveAdImage } from '#api/services/image-store.ts';
import { deleteLeftovers } from '#api/services/object-store/object-store.ts';
import { encodedUpload, imageTooLarge, MAX_IMAGE_BYTES } from '#api/services/uploaded-image.ts';

import { signedInAdvertiser } from '#api/auth/guards.ts';
import {
  addOwnPhoto,
  ownPhotoAd,
  checkRoomForPhoto,
  isRemovedPicture,
  removeOwnPhoto,
  reorderOwnPhotos,
  ownPhotosView,
} from '#core/own-ads/own-photos.ts';
import { photoParams, orderBody } from './schema.ts';

/** Upload paths accept multipart forms (api/middleware/same-origin.ts). */
export const isPhotoUploadPath = (path: string) => /^\/api\/advertiser\/ads\/\d+\/photos$/.test(path);

const PHOTO_FORM = oneFileForm(MAX_IMAGE_BYTES, () => imageTooLarge('la foto', 'photo'));

export function adPhotosRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser/ads/:id/photos');

  const ownAd = (ctx: Context & WithInput<{ params: typeof idParams }>, toChange: boolean) =>
    ownPhotoAd(deps.db, signedInAdvertiser(ctx).id, ctx.input.params.id, { toChange });

  route('get', '/', { access: 'advertiser', budget: 'advertiser-reads', input: { params: idParams } }, async (ctx) => {
    const { ad, limit } = await ownAd(ctx, false);
    ctx.body = await ownPhotosView(deps.db, ad.id, limit);
  });

  route('post', '/', { access: 'advertiser', budget: 'ad-photo-upload', input: { params: idParams, form: PHOTO_FORM } }, async (ctx) => {
    const { ad } = await ownAd(ctx, true);
    await checkRoomForPhoto(deps.db, ad);
    const encoded = await encodedUpload(await ctx.input.form(), 'photo', 'la foto', encodeAdImage);
    // Checked before anything is stored: a refused photo leaves no file and no row.
    if (await isRemovedPicture(deps.db, encoded)) throw removedAdPhoto();
    // Stored before the row that names it: a store that fails leaves no row (and saveAdImage no object).
    const stored = await saveAdImage(deps.store, encoded);
    const photo = await addOwnPhoto(deps.db, ad, stored).catch(async (err: unknown) => {
      await deleteLeftovers([deleteAdImage(deps.store, stored.key)]);
      throw err;
    });
    ctx.status = 201;
    ctx.body = photo;
  });

  route('delete', '/:photoId', { access: 'advertiser', budget: 'advertiser-writes', input: { params: photoParams } }, async (ctx) => {
    const { ad } = await ownAd(ctx, true);
    const keys = await removeOwnPhoto(deps.db, ad, ctx.input.params.photoId);
    await deleteLeftovers(keys.map((key) => deleteAdImage(deps.store, key)));
    ctx.status = 204;
  });

  route(
    'put',
    '/order',
    { access: 'advertiser', budget: 'advertiser-writes', input: { params: idParams, body: orderBody, bodyLimitBytes: 4096 } },
    async (ctx) => {
      const { ad, limit } = await ownAd(ctx, true);
      await reorderOwnPhotos(deps.db, ad, ctx.input.body.ids);
      ctx.body = await ownPhotosView(deps.db, ad.id, limit);
    },
  );

  return router;
}
