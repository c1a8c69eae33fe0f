// "Disponible ahora" and "Hoy no atiendo" on the advertiser's own published ads (docs/decisions/032-available-now.md):
// POST/DELETE /api/advertiser/ads/:id/available (on for 1, 2 or 4 hours; ended early) and POST/DELETE .../off (until
// Buenos Aires midnight; undone). Each answers where the ad stands after it. Someone else's ad answers 404, exactly
// like an ad that does not exist, as the other own-ad routes do.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';

import { idParams } from '#api/http/validate.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { availableNowBody } from '#shared/available-now.ts';
import { endAvailableWindow, startAvailableWindow, startDayOff, undoDayOff } from '#core/own-ads/available-now.ts';

const me = (ctx: Context) => signedInAdvertiser(ctx).id;

export function availabilityRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser/ads/:id');
  // Each change raises the catalog version (every public page of the ad's searches is rendered again): a budget per
  // address keeps a script from doing that all day. The daily limit of windows is the product's, per ad.

  route(
    'post',
    '/available',
    { access: 'advertiser', budget: 'availability', input: { params: idParams, body: availableNowBody } },
    async (ctx) => {
      ctx.body = await startAvailableWindow(deps.db, me(ctx), ctx.input.params.id, ctx.input.body.hours);
    },
  );
  route('delete', '/available', { access: 'advertiser', budget: 'availability', input: { params: idParams } }, async (ctx) => {
    ctx.body = await endAvailableWindow(deps.db, me(ctx), ctx.input.params.id);
  });
  route('post', '/off', { access: 'advertiser', budget: 'availability', input: { params: idParams } }, async (ctx) => {
    ctx.body = await startDayOff(deps.db, me(ctx), ctx.input.params.id);
  });
  route('delete', '/off', { access: 'advertiser', budget: 'availability', input: { params: idParams } }, async (ctx) => {
    ctx.body = await undoDayOff(deps.db, me(ctx), ctx.input.params.id);
  });
  return router;
}
