// Alerts for new ads on a saved search (docs/decisions/038-favourites-and-alerts.md). Visitors have no accounts: a
// device is its Web Push subscription, and the subscription's endpoint with its auth secret (which only that browser
// and the push service know) is the proof for listing or deleting its alerts. The endpoint and secret travel in
// bodies, never in addresses, which end up in logs.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { tooManyRequests } from '#api/errors.ts';
import { searchAlertNotFound, invalidPushSubscription, tooManySearchAlerts } from '#api/tool-errors.ts';
import { requestSource } from '#api/http/request-source.ts';
import { routes } from '#api/http/route.ts';
import { budgetOf } from '#api/http/budgets.ts';
import type { RequestBudget } from '#api/middleware/rate-limit.ts';
import { endpointRefusal } from '#api/services/push-endpoints.ts';
import { pushPolicyOf, vapidKeysOf } from '#api/services/push-sender.ts';
import {
  deviceAlerts,
  lookUpDeviceAlerts,
  MAX_ALERTS_PER_DEVICE,
  presentPushKey,
  presentStopped,
  presentSubscribed,
  stopAlerts,
  subscribeToSearch,
} from '#core/search/search-alerts.ts';
import { searchAlertParams, deviceBody, subscribeBody } from './schema.ts';

const BODY_LIMIT_BYTES = 4096;
const TOO_MANY_SUBSCRIBES = 'Creaste muchos avisos de búsqueda desde esta conexión. Probá de nuevo mañana.';
const TOO_MANY_DEVICES = 'Desde esta conexión ya se activaron avisos en muchos dispositivos hoy. Probá de nuevo mañana.';

/** Counts the request against its source's budget; past it, 429 with the wait and a message saying why. */
async function within(budget: RequestBudget, ctx: Context, message: string): Promise<void> {
  const waitSeconds = await budget.take(requestSource(ctx), ctx.req);
  if (waitSeconds > 0) {
    ctx.set('Retry-After', String(waitSeconds));
    throw tooManyRequests(message);
  }
}

export function searchAlertsRouter(deps: RouterDeps): Router {
  const { router, route } = routes(deps, '/search-alerts');
  const subscribes = budgetOf(deps.rateLimits, 'search-alert-subscribe');
  const newDevices = budgetOf(deps.rateLimits, 'search-alert-devices');
  const device = { access: 'public', budget: 'search-alerts' } as const;
  const policy = pushPolicyOf(deps.config);

  // What browsers need to subscribe (applicationServerKey).
  route('get', '/key', { ...device, input: {} }, async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = presentPushKey((await vapidKeysOf(deps.db, deps.config)).publicKey);
  });

  route('post', '/', { ...device, input: { body: subscribeBody, bodyLimitBytes: BODY_LIMIT_BYTES } }, async (ctx) => {
    const { subscription, filter, locale } = ctx.input.body;
    const refusal = endpointRefusal(subscription.endpoint, policy);
    if (refusal) throw invalidPushSubscription(refusal);
    const keys = { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
    await within(subscribes, ctx, TOO_MANY_SUBSCRIBES);
    // A device seen for the first time counts against its source: endpoints are the client's to invent.
    if ((await deviceAlerts(deps.db, keys)).length === 0) await within(newDevices, ctx, TOO_MANY_DEVICES);
    const outcome = await subscribeToSearch(deps.db, keys, filter, locale);
    if ('tooMany' in outcome) throw tooManySearchAlerts(MAX_ALERTS_PER_DEVICE);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = presentSubscribed(outcome.alert);
  });

  // The device's alerts (for /favoritos): a POST, because the endpoint and secret must not be in the address.
  route('post', '/lookup', { ...device, input: { body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES } }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await lookUpDeviceAlerts(deps.db, ctx.input.body);
  });

  route(
    'delete',
    '/:id',
    { ...device, input: { params: searchAlertParams, body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES } },
    async (ctx) => {
      if ((await stopAlerts(deps.db, ctx.input.body, ctx.input.params.id)) === 0) throw searchAlertNotFound();
      ctx.status = 204;
    },
  );

  // Every alert of the device ("Borrar rastros"): nothing to delete is no error.
  route('delete', '/', { ...device, input: { body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES } }, async (ctx) => {
    ctx.body = presentStopped(await stopAlerts(deps.db, ctx.input.body));
  });
  return router;
}
