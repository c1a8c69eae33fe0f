// The advertiser's answer to a report that holds their ad (decision 044): GET /api/advertiser/ads/:id/review (what
// the review page shows) and POST /api/advertiser/ads/:id/answers. Only the ad's owner (someone else's ad answers
// 404, like one that does not exist), only while a report of a hiding reason is open on it, a few times per report,
// and rate-limited per address.
import type Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';
import { ownAdNotFound } from '#api/errors.ts';
import { idParams } from '#api/http/validate.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { findOwnAdReview, answerReports } from '#core/own-ads/ad-review.ts';
import { answerBody } from './schema.ts';

const adMissing = ownAdNotFound;

export function reportAnswersRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser/ads');

  route('get', '/:id/review', { access: 'advertiser', budget: 'advertiser-reads', input: { params: idParams } }, async (ctx) => {
    const review = await findOwnAdReview(deps.db, signedInAdvertiser(ctx).id, ctx.input.params.id);
    if (!review) throw adMissing();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = review;
  });

  route(
    'post',
    '/:id/answers',
    { access: 'advertiser', budget: 'report-answer', input: { params: idParams, body: answerBody, bodyLimitBytes: 8 * 1024 } },
    async (ctx) => {
      const advertiserId = signedInAdvertiser(ctx).id;
      const { id } = ctx.input.params;
      await answerReports(deps.db, advertiserId, id, ctx.input.body.answer);
      ctx.status = 201;
      ctx.body = await findOwnAdReview(deps.db, advertiserId, id);
    },
  );
  return router;
}
