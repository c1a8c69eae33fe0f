// The advertiser's own ads: GET /api/advertiser/ads and /ads/:id, POST /ads (a draft from the form),
// PUT /ads/:id (edit; a live ad goes back to review), POST /ads/:id/submit (send for review). Someone else's ad
// answers 404, exactly like an ad that does not exist.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { adActionNotAllowed, adExpiredWhilePaused, adHeld, adLocked, alreadySubmitted, notFound, notVerified } from '#api/errors.ts';
import { readJsonBody } from '#api/http/read-body.ts';
import { idParams, parseInput } from '#api/http/validate.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { adInputSchema } from '#shared/ad-input.ts';
import { changeOwnAd, createAdDraft, deleteOwnAd, findOwnAd, listOwnAds, submitOwnAd, updateOwnAd } from '#db/queries/advertiser-ads.ts';
import { deleteAdImage } from '#api/services/image-store.ts';
import { requireAdvertiser, signedInAdvertiser } from '#api/auth/guards.ts';

const body = (ctx: Context) => readJsonBody(ctx, { limitBytes: 32 * 1024, types: ['application/json'] });
const me = (ctx: Context) => signedInAdvertiser(ctx).id;
const adMissing = () => notFound('ad_not_found', 'El anuncio no existe o no es tuyo.');

export function advertiserAdsRouter(deps: RouterDeps): Router {
  const router = new Router({ prefix: '/advertiser/ads' });
  router.use(requireAdvertiser(deps));

  router.get('/', async (ctx) => {
    ctx.body = await listOwnAds(deps.db, me(ctx));
  });

  router.get('/:id', async (ctx) => {
    const ad = await findOwnAd(deps.db, me(ctx), parseInput(idParams, ctx.params).id);
    if (!ad) throw adMissing();
    ctx.body = ad;
  });

  router.post('/', rateLimit({ windowMs: 60 * 60_000, max: 30 }), async (ctx) => {
    const input = parseInput(adInputSchema, await body(ctx));
    const id = await createAdDraft(deps.db, me(ctx), input);
    ctx.status = 201;
    ctx.body = { id, state: 'draft' };
  });

  router.put('/:id', async (ctx) => {
    const { id } = parseInput(idParams, ctx.params);
    const input = parseInput(adInputSchema, await body(ctx));
    const result = await updateOwnAd(deps.db, me(ctx), id, input);
    if (result === 'missing') throw adMissing();
    if (result === 'not_editable') throw adLocked();
    ctx.body = await findOwnAd(deps.db, me(ctx), id);
  });

  router.post('/:id/submit', async (ctx) => {
    const { id } = parseInput(idParams, ctx.params);
    const result = await submitOwnAd(deps.db, me(ctx), id);
    if (result === 'missing') throw adMissing();
    if (result === 'not_verified') throw notVerified();
    if (result === 'not_draft') throw alreadySubmitted();
    ctx.body = { success: true, state: 'pending' };
  });

  const ACTION_ERRORS = {
    pause: 'Solo se puede pausar un anuncio publicado.',
    resume: 'Solo se puede reanudar un anuncio pausado.',
    renew:
      'Este anuncio todavía no se puede renovar: los avisos gratuitos se renuevan en sus últimos 5 días o ya vencidos, con la identidad verificada.',
  } as const;
  for (const action of ['pause', 'resume', 'renew'] as const) {
    router.post(`/:id/${action}`, async (ctx) => {
      const { id } = parseInput(idParams, ctx.params);
      const result = await changeOwnAd(deps.db, me(ctx), id, action);
      if (result === 'missing') throw adMissing();
      if (result === 'expired') throw adExpiredWhilePaused();
      if (result === 'not_allowed') throw adActionNotAllowed(ACTION_ERRORS[action]);
      ctx.body = await findOwnAd(deps.db, me(ctx), id);
    });
  }

  router.delete('/:id', async (ctx) => {
    const { id } = parseInput(idParams, ctx.params);
    const keys = await deleteOwnAd(deps.db, me(ctx), id);
    if (keys === 'missing') throw adMissing();
    if (keys === 'held') throw adHeld();
    await Promise.all(keys.map((key) => deleteAdImage(deps.config.dataDir, key)));
    ctx.status = 204;
  });

  return router;
}
