// The advertiser's own ads: GET /api/advertiser/ads and /ads/:id, POST /ads (a draft from the form),
// PUT /ads/:id (edit; a live ad goes back to review), POST /ads/:id/submit (send for review). Someone else's ad
// answers 404, exactly like an ad that does not exist.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';
import { ownAdNotFound } from '#api/errors.ts';
import { idParams } from '#api/http/validate.ts';
import { adInputSchema } from '#shared/ad-input.ts';
import { findOwnAd, listOwnAds } from '#core/own-ads/own-ads.ts';
import { adSubmitted, draftCreated } from '#core/own-ads/present-own-ad.ts';
import { createAdDraft, submitOwnAd, updateOwnAd } from '#core/own-ads/edit-own-ad.ts';
import { changeOwnAd } from '#core/own-ads/change-own-ad.ts';
import { deleteOwnAd } from '#core/own-ads/delete-own-ad.ts';

import { deleteAdImage } from '#api/services/image-store.ts';
import { deleteDocument } from '#api/services/identity-vault.ts';
import { deleteLeftovers } from '#api/services/object-store/object-store.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';

const me = (ctx: Context) => signedInAdvertiser(ctx).id;
const adMissing = ownAdNotFound;

export function advertiserAdsRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser/ads');

  route('get', '/', { access: 'advertiser', budget: 'advertiser-reads', input: {} }, async (ctx) => {
    ctx.body = await listOwnAds(deps.db, me(ctx));
  });

  route('get', '/:id', { access: 'advertiser', budget: 'advertiser-reads', input: { params: idParams } }, async (ctx) => {
    const ad = await findOwnAd(deps.db, me(ctx), ctx.input.params.id);
    if (!ad) throw adMissing();
    ctx.body = ad;
  });

  route(
    'post',
    '/',
    { access: 'advertiser', budget: 'ad-create', input: { body: adInputSchema, bodyLimitBytes: 32 * 1024 } },
    async (ctx) => {
      const input = ctx.input.body;
      const id = await createAdDraft(deps.db, me(ctx), input);
      ctx.status = 201;
      ctx.body = draftCreated(id);
    },
  );

  route(
    'put',
    '/:id',
    { access: 'advertiser', budget: 'advertiser-writes', input: { params: idParams, body: adInputSchema, bodyLimitBytes: 32 * 1024 } },
    async (ctx) => {
      const { id } = ctx.input.params;
      const input = ctx.input.body;
      await updateOwnAd(deps.db, me(ctx), id, input);
      ctx.body = await findOwnAd(deps.db, me(ctx), id);
    },
  );

  route('post', '/:id/submit', { access: 'advertiser', budget: 'advertiser-writes', input: { params: idParams } }, async (ctx) => {
    const { id } = ctx.input.params;
    await submitOwnAd(deps.db, me(ctx), id);
    ctx.body = adSubmitted();
  });

  for (const action of ['pause', 'resume', 'renew'] as const) {
    route('post', `/:id/${action}`, { access: 'advertiser', budget: 'advertiser-writes', input: { params: idParams } }, async (ctx) => {
      const { id } = ctx.input.params;
      await changeOwnAd(deps.db, me(ctx), id, action);
      ctx.body = await findOwnAd(deps.db, me(ctx), id);
    });
  }

  route('delete', '/:id', { access: 'advertiser', budget: 'advertiser-writes', input: { params: idParams } }, async (ctx) => {
    const { id } = ctx.input.params;
    const files = await deleteOwnAd(deps.db, me(ctx), id);
    await deleteLeftovers([
      ...files.photoKeys.map((key) => deleteAdImage(deps.store, key)),
      ...files.selfieKeys.map((key) => deleteDocument(deps.store, key)),
    ]);
    ctx.status = 204;
  });

  return router;
}
