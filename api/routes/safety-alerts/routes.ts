// Safety alerts for verified advertisers (docs/decisions/040-alertas.md): GET /api/advertiser/safety-alerts (their
// own, with their state), POST / (report an incident against a number) and POST /lookup ("¿Este número tiene
// alertas?"). The number travels in bodies, never in addresses, which end up in logs. Both writes and lookups are
// counted per advertiser, whatever address they come from, so the list cannot be walked through.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouterDeps } from '#api/deps.ts';
import { alertsNeedVerification, tooManySafetyLookups, tooManySafetyReports } from '#api/tool-errors.ts';
import { routes } from '#api/http/route.ts';
import { budgetOf } from '#api/http/budgets.ts';
import type { RequestBudget } from '#api/middleware/rate-limit.ts';
import { signedInAdvertiser } from '#api/auth/guards.ts';
import { fileSafetyAlert, lookUpSafetyAlerts, ownSafetyAlerts, presentFiled } from '#core/safety/safety-alerts.ts';
import { FILINGS_PER_DAY } from '#shared/safety-alerts.ts';
import { lookupBody, reportBody } from './schema.ts';
import { configuredPhoneHash } from '#core/safety/phone-hash.ts';

/** Only advertisers whose identity staff approved: the alerts are a tool between people who publish. */
function verifiedAdvertiser(ctx: Context): number {
  const advertiser = signedInAdvertiser(ctx);
  if (advertiser.verificationStatus !== 'verified') throw alertsNeedVerification();
  return advertiser.id;
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
  const { router, route } = routes(deps, '/advertiser/safety-alerts');
  // Counted after validation: a mistyped number costs nothing, every answered question does.
  const countFiling = perAdvertiser(budgetOf(deps.rateLimits, 'safety-alert-reports'), () => tooManySafetyReports(FILINGS_PER_DAY));
  const countLookup = perAdvertiser(budgetOf(deps.rateLimits, 'safety-alert-lookups'), (seconds) =>
    tooManySafetyLookups(Math.ceil(seconds / 60)),
  );

  route('get', '/', { access: 'advertiser', budget: 'advertiser-reads', input: {} }, async (ctx) => {
    ctx.body = await ownSafetyAlerts(deps.db, verifiedAdvertiser(ctx));
  });

  const filing = { body: reportBody, bodyLimitBytes: 8 * 1024 };
  route('post', '/', { access: 'advertiser', budget: 'advertiser-writes', input: filing }, async (ctx) => {
    const advertiserId = verifiedAdvertiser(ctx);
    await countFiling(ctx);
    const { phone, ...input } = ctx.input.body;
    const filed = await fileSafetyAlert(deps.db, advertiserId, await configuredPhoneHash(deps.config, deps.db, phone), input);
    ctx.status = 201;
    ctx.body = presentFiled(filed.id);
  });

  route(
    'post',
    '/lookup',
    { access: 'advertiser', budget: 'advertiser-reads', input: { body: lookupBody, bodyLimitBytes: 2 * 1024 } },
    async (ctx) => {
      verifiedAdvertiser(ctx);
      await countLookup(ctx);
      ctx.body = await lookUpSafetyAlerts(deps.db, await configuredPhoneHash(deps.config, deps.db, ctx.input.body.phone));
    },
  );

  return router;
}
