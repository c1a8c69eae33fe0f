// The panel's overview: staff alerts, the statistics, the analytics summary, the plan prices and the audit log.
import { notFound } from '#api/errors.ts';
import { listAuditLog } from '#db/queries/admin/audit-log.ts';
import { can } from '#shared/admin-permissions.ts';
import { statistics } from '#db/queries/admin/statistics.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { getPlanPrices, setPlanPrices, type PlanPrices } from '#db/queries/settings.ts';
import { markStaffAlertSeen, unseenStaffAlerts } from '#db/queries/staff-alerts.ts';
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from './staff-routes.ts';
import { settingsBody, auditQuery } from './schema.ts';

export function registerOverviewRoutes({ deps, route, act }: StaffRoutes): void {
  // Alerts at the top of the panel: each admin sees those of the permissions they hold (db/queries/staff-alerts.ts).
  route('get', '/alerts', async (ctx, admin) => {
    ctx.body = await unseenStaffAlerts(deps.db, admin);
  });
  route('post', '/alerts/:id/seen', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    await act(ctx, admin, { action: 'alert_seen', targetType: 'staff_alert', targetId: id }, async (trx) => {
      if (!(await markStaffAlertSeen(trx, id, admin))) throw notFound('alert_not_found', 'La alerta no existe o ya fue vista.');
    });
    ctx.body = { success: true };
  });

  route('get', '/statistics', async (ctx, admin) => {
    const stats = await statistics(deps.db);
    // Revenue is payment data: only for those who may see payments.
    ctx.body = can(admin, 'view_payments') ? stats : { ...stats, monthlyRevenue: null, todayRevenue: null };
  });

  route('get', '/analytics/summary', async (ctx) => {
    ctx.body = await analyticsSummary(deps.db);
  });

  route('get', '/settings', async (ctx) => {
    const prices = await getPlanPrices(deps.db);
    ctx.body = { pricePremium: prices.premium, priceVip: prices.vip };
  });
  route('put', '/settings', { body: settingsBody }, async (ctx, admin) => {
    const input = ctx.input.body;
    await act(
      ctx,
      admin,
      (before: PlanPrices) => ({ action: 'settings_saved', details: { before, after: input } }),
      async (trx) => {
        const before = await getPlanPrices(trx);
        await setPlanPrices(trx, { premium: input.pricePremium, vip: input.priceVip });
        return before;
      },
    );
    ctx.body = { success: true };
  });

  route('get', '/audit-log', { query: auditQuery }, async (ctx) => {
    ctx.body = await listAuditLog(deps.db, ctx.input.query);
  });
}
