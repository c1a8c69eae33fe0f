// Alerts for new ads on a saved search (docs/decisions/038-favourites-and-alerts.md). Visitors have no accounts: a
// device is its Web Push subscription, and the subscription's endpoint with its auth secret (which only that browser
// and the push service know) is the proof for listing or deleting its alerts. The endpoint and secret travel in
// bodies, never in addresses, which end up in logs.
import Router from '@koa/router';
import type { RouterDeps } from '#api/deps.ts';
import { alertNotFound, invalidPushSubscription, tooManyAlerts } from '#api/errors.ts';
import { validate } from '#api/http/validate.ts';
import { rateLimit } from '#api/middleware/rate-limit.ts';
import { alertFilter, endpointRefusal, searchPathOf, vapidKeysOf } from '#api/services/push-alerts.ts';
import {
  alertsOfDevice,
  deleteDeviceAlerts,
  MAX_ALERTS_PER_DEVICE,
  subscribeAlert,
  type PushAlert,
} from '#db/queries/push-subscriptions.ts';
import { alertParams, deviceBody, subscribeBody } from './schema.ts';

const BODY_LIMIT_BYTES = 4096;

const publicAlert = (alert: PushAlert) => ({
  id: alert.id,
  filter: alert.filter,
  url: searchPathOf(alert.filter),
  createdAt: alert.createdAt.toISOString(),
});

export function alertsRouter(deps: RouterDeps): Router {
  const router = new Router({ prefix: '/alertas' });
  const budget = rateLimit(deps.rateLimits.budget('search-alerts', { windowMs: 15 * 60_000, max: 60 }));
  const policy = { allowLocal: deps.config.pushAllowsLocalServices === true };

  // What browsers need to subscribe (applicationServerKey).
  router.get('/clave', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { publicKey: (await vapidKeysOf(deps.db, deps.config)).publicKey };
  });

  router.post('/', budget, validate({ body: subscribeBody, bodyLimitBytes: BODY_LIMIT_BYTES }), async (ctx) => {
    const { subscription, filter } = ctx.input.body;
    const refusal = endpointRefusal(subscription.endpoint, policy);
    if (refusal) throw invalidPushSubscription(refusal);
    const keys = { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
    const outcome = await subscribeAlert(deps.db, keys, alertFilter(filter.replace(/^\?/, '')));
    if ('tooMany' in outcome) throw tooManyAlerts(MAX_ALERTS_PER_DEVICE);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = { alert: publicAlert(outcome.alert) };
  });

  // The device's alerts (for /favoritos): a POST, because the endpoint and secret must not be in the address.
  router.post('/consulta', budget, validate({ body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES }), async (ctx) => {
    const { endpoint, auth } = ctx.input.body;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { alerts: (await alertsOfDevice(deps.db, endpoint, auth)).map(publicAlert) };
  });

  router.delete('/:id', budget, validate({ params: alertParams, body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES }), async (ctx) => {
    const { endpoint, auth } = ctx.input.body;
    if ((await deleteDeviceAlerts(deps.db, endpoint, auth, ctx.input.params.id)) === 0) throw alertNotFound();
    ctx.status = 204;
  });

  // Every alert of the device ("Borrar rastros"): nothing to delete is no error.
  router.delete('/', budget, validate({ body: deviceBody, bodyLimitBytes: BODY_LIMIT_BYTES }), async (ctx) => {
    const { endpoint, auth } = ctx.input.body;
    ctx.body = { deleted: await deleteDeviceAlerts(deps.db, endpoint, auth) };
  });
  return router;
}
