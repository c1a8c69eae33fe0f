// "Disponible ahora" and "Hoy no atiendo" on the advertiser's own published ads (docs/decisions/032-available-now.md):
// POST/DELETE /api/advertiser/ads/:id/available (on for 1, 2 or 4 hours; ended early) and POST/DELETE .../off (until
// Buenos Aires midnight; undone). Each answers where the ad stands after it. Someone else's ad answers 404, exactly
// like an ad that does not exist, as the other own-ad routes do.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { routes } from '#api/http/route.ts';
import { type HttpError, ownAdNotFound } from '#api/errors.ts';
import {
  alreadyAvailable,
  alreadyDayOff,
  availabilityNeedsPublishedAd,
  dailyAvailableLimit,
  dayOff,
  notAvailableNow,
  notDayOff,
} from '#api/tool-errors.ts';
import { idParams } from '#api/http/validate.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { availableNowBody, DAILY_AVAILABLE_WINDOWS, type AdAvailability } from '#shared/available-now.ts';
import {
  endAvailableWindow,
  startAvailableWindow,
  startDayOff,
  undoDayOff,
  type AvailabilityRefusal,
} from '#core/own-ads/available-now.ts';

const me = (ctx: Context) => signedInAdvertiser(ctx).id;

const REFUSALS: Record<AvailabilityRefusal, () => HttpError> = {
  missing: ownAdNotFound,
  not_published: availabilityNeedsPublishedAd,
  already_available: alreadyAvailable,
  not_available: notAvailableNow,
  off_today: dayOff,
  already_off: alreadyDayOff,
  not_off: notDayOff,
  daily_limit: () => dailyAvailableLimit(DAILY_AVAILABLE_WINDOWS),
};

function answer(ctx: Context, result: AdAvailability | AvailabilityRefusal): void {
  if (typeof result === 'string') throw REFUSALS[result]();
  ctx.body = result;
}

export function availabilityRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/advertiser/ads/:id');
  // Each change raises the catalog version (every public page of the ad's searches is rendered again): a budget per
  // address keeps a script from doing that all day. The daily limit of windows is the product's, per ad.

  route(
    'post',
    '/available',
    { access: 'advertiser', budget: 'availability', input: { params: idParams, body: availableNowBody } },
    async (ctx) => {
      answer(ctx, await startAvailableWindow(deps.db, me(ctx), ctx.input.params.id, ctx.input.body.hours));
    },
  );
  route('delete', '/available', { access: 'advertiser', budget: 'availability', input: { params: idParams } }, async (ctx) => {
    answer(ctx, await endAvailableWindow(deps.db, me(ctx), ctx.input.params.id));
  });
  route('post', '/off', { access: 'advertiser', budget: 'availability', input: { params: idParams } }, async (ctx) => {
    answer(ctx, await startDayOff(deps.db, me(ctx), ctx.input.params.id));
  });
  route('delete', '/off', { access: 'advertiser', budget: 'availability', input: { params: idParams } }, async (ctx) => {
    answer(ctx, await undoDayOff(deps.db, me(ctx), ctx.input.params.id));
  });
  return router;
}
