// Alerts for new ads on a saved search (docs/decisions/038-favourites-and-alerts.md). Visitors have no accounts: a
// device is its Web Push subscription, and the subscription's endpoint with its auth secret (which only that browser
// and the push service know) is the proof for listing or deleting its alerts. The endpoint and secret travel in
// bodies, never in addresses, which end up in logs.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { tooManyRequests } from '#api/errors.ts';
import { searchAlertNotFound, invalidPushSubscription, tooManySearchAlerts } from '#api/tool-errors.ts';
import { requestSource } from '#api/http/request-source.ts';
import { validate } from '#api/http/validate.ts';
import { rateLimit, type RequestBudget } from '#api/middleware/rate-limit.ts';
import { endpointRefusal } from '#api/services/push-endpoints.ts';
import { pushPolicyOf, vapidKeysOf } from '#api/services/push-sender.ts';
import { deviceAlerts, MAX_ALERTS_PER_DEVICE, stopAlerts, subscribeToSearch } from '#core/search/search-alerts.ts';
import type { DeviceAlertsView, SubscribedAlertView } from '#shared/contracts/public/search-alerts.ts';
import { searchAlertParams, deviceBody, subscribeBody } from './schema.ts';

const BODY_LIMIT_BYTES = 4096;
/** Devices (a subscription's endpoint and secret) one source may start alerts on in a day. */
export const NEW_DEVICES_PER_SOURCE_PER_DAY = 5;
/** Subscribing requests one source may make in a day (a device follows at most MAX_ALERTS_PER_DEVICE searches). */
export const SUBSCRIBES_PER_SOURCE_PER_DAY = 30;

const DAY_MS = 24 * 60 * 60_000;
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
  const router = new Router({ prefix: '/search-alerts' });
  const budget = rateLimit(deps.rateLimits.budget('search-alerts', { windowMs: 15 * 60_000, max: 60 }));
  const subscribes = deps.rateLimits.budget('search-alert-subscribe', { windowMs: DAY_MS, max: SUBSCRIBES_PER_SOURCE_PER_DAY });
  const newDevices = deps.rateLimits.budget('search-alert-devices', { windowMs: DAY_MS, max: NEW_DEVICES_PER_SOURCE_PER_DAY });
  const policy = pushPolicyOf(deps.config);

  // What browsers need to subscribe (applicationServerKey).
  router.get('/key', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { publicKey: (await vapidKeysOf(deps.db, deps.config)).publicKey };
  });

  router.post('/', budget, validate({ body: subscribeBody, bodyLimitBytes: BODY_LIMIT_BYTES }), async (ctx) => {
    const { subscription, filter } = ctx.input.body;
    const refusal = endpointRefusal(subscription.endpoint, policy);
    if (refusal) throw invalidPushSubscription(refusal);
    const keys = { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
    await within(subscribes, ctx, TOO_MANY_SUBSCRIBES);
    // A device seen for the first time counts against its source: endpoints are the client's to invent.
    if ((await deviceAlerts(deps.db, keys)).length === 0) await within(newDevices, ctx, TOO_MANY_DEVICES);
    const outcome = await subscribeToSearch(deps.db, keys, filter);
    if ('tooMany' in outcome) throw tooManySearchAlerts(MAX_ALERTS_PER_DEVICE);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = { alert: outcome.alert } satisfies SubscribedAlertView;
  });

  // The device's alerts (for /favoritos): a POST, because the endpoint and secret must not be in the address.
  router.post('/lookup', budget, validate({ body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { alerts: await deviceAlerts(deps.db, ctx.input.body) } satisfies DeviceAlertsView;
  });

  router.delete(
    '/:id',
    budget,
    validate({ params: searchAlertParams, body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES }),
    async (ctx) => {
      if ((await stopAlerts(deps.db, ctx.input.body, ctx.input.params.id)) === 0) throw searchAlertNotFound();
      ctx.status = 204;
    },
  );

  // Every alert of the device ("Borrar rastros"): nothing to delete is no error.
  router.delete('/', budget, validate({ body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES }), async (ctx) => {
    ctx.body = { deleted: await stopAlerts(deps.db, ctx.input.body) };
  });
  return router;
}
