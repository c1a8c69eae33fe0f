// Safety alerts in the panel (permission 'view_reports', like reports): the list by state with who filed each and
// how many other alerts its number has; approving or rejecting a pending one, withdrawing an approved one (abuse).
// Every decision is audited by `act`; the audit row names the alert, never a number (none is kept).
import { safetyAlertDecided, safetyAlertNotFound } from '#api/errors.ts';
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import {
  decideSafetyAlert,
  listSafetyAlertsForStaff,
  type SafetyAlertDecision,
  type SafetyAlertReview,
} from '#db/queries/safety-alerts.ts';
import { decisionBody, lookupBody, staffListQuery } from './schema.ts';
import { configuredPhoneHash } from './phone-hash.ts';

const REFUSALS: Record<SafetyAlertDecision, string> = {
  approve: 'Esa alerta ya no está en revisión: ya fue aprobada o rechazada.',
  reject: 'Esa alerta ya no está en revisión: ya fue aprobada o rechazada.',
  withdraw: 'Solo se puede retirar una alerta aprobada.',
};

export function registerSafetyAlertRoutes({ deps, route, act }: StaffRoutes): void {
  route('get', '/safety-alerts', { query: staffListQuery }, async (ctx) => {
    ctx.body = await listSafetyAlertsForStaff(deps.db, { status: ctx.input.query.status });
  });
  // Every alert on one number, for whoever asks to see or correct what is said about theirs (decision 040). The
  // number comes in the body, and the audit row records the search, not the number.
  route('post', '/safety-alerts/by-number', { body: lookupBody }, async (ctx, admin) => {
    const phoneHash = await configuredPhoneHash(deps.config, deps.db, ctx.input.body.phone);
    ctx.body = await act(
      ctx,
      admin,
      (found: SafetyAlertReview[]) => ({ action: 'safety_alerts_searched', targetType: 'safety_alert', details: { found: found.length } }),
      (trx) => listSafetyAlertsForStaff(trx, { phoneHash }),
    );
  });

  route('post', '/safety-alerts/:id/approve', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    await act(ctx, admin, { action: 'safety_alert_approved', targetType: 'safety_alert', targetId: id }, async (trx) => {
      refuse(await decideSafetyAlert(trx, id, 'approve', { adminId: admin.id, reason: null }), 'approve');
    });
    ctx.body = { success: true, status: 'approved' };
  });
  for (const [decision, status] of [
    ['reject', 'rejected'],
    ['withdraw', 'withdrawn'],
  ] as const) {
    route('post', `/safety-alerts/:id/${decision}`, { params: idParams, body: decisionBody }, async (ctx, admin) => {
      const { id } = ctx.input.params;
      const { reason } = ctx.input.body;
      await act(
        ctx,
        admin,
        { action: `safety_alert_${status}`, targetType: 'safety_alert', targetId: id, details: { reason } },
        async (trx) => {
          refuse(await decideSafetyAlert(trx, id, decision, { adminId: admin.id, reason }), decision);
        },
      );
      ctx.body = { success: true, status };
    });
  }
}

function refuse(result: 'done' | 'missing' | 'not_allowed', decision: SafetyAlertDecision): void {
  if (result === 'missing') throw safetyAlertNotFound();
  if (result === 'not_allowed') throw safetyAlertDecided(REFUSALS[decision]);
}
