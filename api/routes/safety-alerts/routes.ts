// Safety alerts for verified advertisers (docs/decisions/040-alertas.md): GET /api/advertiser/safety-alerts (their
// own, with their state), POST / (report an incident against a number) and POST /lookup ("¿Este número tiene
// alertas?"). The number travels in bodies, never in addresses, which end up in logs. Both writes and lookups are
// counted per advertiser, whatever address they come from, so the list cannot be walked through.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { alertsNeedVerification, alreadyReportedNumber, tooManySafetyLookups, tooManySafetyReports } from '#api/tool-errors.ts';
import { validate } from '#api/http/validate.ts';
import type { RequestBudget } from '#api/middleware/rate-limit.ts';
import { requireAdvertiser, signedInAdvertiser } from '#api/auth/guards.ts';
import { fileSafetyAlert, lookUpSafetyAlerts, ownSafetyAlerts } from '#core/safety/safety-alerts.ts';
import { FILINGS_PER_DAY, LOOKUPS_PER_WINDOW } from '#shared/safety-alerts.ts';
import { lookupBody, reportBody } from './schema.ts';
import { configuredPhoneHash } from '#core/safety/phone-hash.ts';

const LOOKUP_WINDOW_MS = 15 * 60_000;

/** Only advertisers whose identity staff approved: the alerts are a tool between people who publish. */
async function requireVerified(ctx: Context, next: Next) {
  if (signedInAdvertiser(ctx).verificationStatus !== 'verified') throw alertsNeedVerification();
  await next();
}

/** Counts one request of the signed-in advertiser; past the budget, `refuse(seconds to wait)` is thrown. */
function perAdvertiser(budget: RequestBudget, refuse: (waitSeconds: number) => Error) {
  return async (ctx: Context) => {
    const waitSeconds = await budget.take(`advertiser:${signedInAdvertiser(ctx).id}`, ctx.req);
    if (waitSeconds > 0) {
      ctx.set('Retry-After', String(waitSeconds));
      throw refuse(waitSeconds);
    }
  };
}

export function safetyAlertsRouter(deps: RouterDeps): Router {
  const router = new Router({ prefix: '/advertiser/safety-alerts' });
  router.use(requireAdvertiser(deps), requireVerified);
  // Counted after validation: a mistyped number costs nothing, every answered question does.
  const countFiling = perAdvertiser(
    deps.rateLimits.budget('safety-alert-reports', { windowMs: 24 * 60 * 60_000, max: FILINGS_PER_DAY }),
    () => tooManySafetyReports(FILINGS_PER_DAY),
  );
  const countLookup = perAdvertiser(
    deps.rateLimits.budget('safety-alert-lookups', { windowMs: LOOKUP_WINDOW_MS, max: LOOKUPS_PER_WINDOW }),
    (seconds) => tooManySafetyLookups(Math.ceil(seconds / 60)),
  );

  router.get('/', async (ctx) => {
    ctx.body = await ownSafetyAlerts(deps.db, signedInAdvertiser(ctx).id);
  });

  router.post('/', validate({ body: reportBody, bodyLimitBytes: 8 * 1024 }), async (ctx) => {
    await countFiling(ctx);
    const { phone, ...input } = ctx.input.body;
    const filed = await fileSafetyAlert(deps.db, signedInAdvertiser(ctx).id, await configuredPhoneHash(deps.config, deps.db, phone), input);
    if (filed === 'duplicate') throw alreadyReportedNumber();
    ctx.status = 201;
    ctx.body = { id: filed.id, status: 'pending' };
  });

  router.post('/lookup', validate({ body: lookupBody, bodyLimitBytes: 2 * 1024 }), async (ctx) => {
    await countLookup(ctx);
    ctx.body = await lookUpSafetyAlerts(deps.db, await configuredPhoneHash(deps.config, deps.db, ctx.input.body.phone));
  });

  return router;
}
