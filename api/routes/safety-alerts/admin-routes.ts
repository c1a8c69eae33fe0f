// Safety alerts in the panel (permission 'view_reports', like reports): the list by state, every alert on one
// number, and the decisions (core/panel/safety-alerts/safety-alerts.ts).
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { decideAlert, safetyAlertsFor, safetyAlertsOnNumber } from '#core/panel/safety-alerts/safety-alerts.ts';
import { decisionBody, lookupBody, staffListQuery } from './schema.ts';
import { configuredPhoneHash } from '#core/safety/phone-hash.ts';

export function registerSafetyAlertRoutes({ deps, route }: StaffRoutes): void {
  route('get', '/safety-alerts', { query: staffListQuery }, async (ctx) => {
    ctx.body = await safetyAlertsFor(deps.db, ctx.input.query.status);
  });
  // The number comes in the body and is used only as its stored form (under ALERT_PHONE_KEY).
  route('post', '/safety-alerts/by-number', { body: lookupBody }, async (ctx, actor) => {
    const phoneHash = await configuredPhoneHash(deps.config, deps.db, ctx.input.body.phone);
    ctx.body = await safetyAlertsOnNumber(deps.db, actor, phoneHash);
  });

  route('post', '/safety-alerts/:id/approve', { params: idParams }, async (ctx, actor) => {
    ctx.body = await decideAlert(deps.db, actor, ctx.input.params.id, 'approve', null);
  });
  for (const decision of ['reject', 'withdraw'] as const) {
    route('post', `/safety-alerts/:id/${decision}`, { params: idParams, body: decisionBody }, async (ctx, actor) => {
      ctx.body = await decideAlert(deps.db, actor, ctx.input.params.id, decision, ctx.input.body.reason);
    });
  }
}
