// The panel's overview: staff alerts, the statistics, the analytics summary, the plan prices and the audit log.
import { idParams } from '#api/http/validate.ts';
import { markAlertSeen, staffAlertsFor } from '#core/panel/overview/alerts.ts';
import { analyticsSummary } from '#core/panel/overview/analytics.ts';
import { auditLog } from '#core/panel/overview/audit-log.ts';
import { panelSettings, saveSettings } from '#core/panel/overview/settings.ts';
import { panelStatistics } from '#core/panel/overview/statistics.ts';
import { done } from '#core/answers.ts';
import type { StaffRoutes } from './staff-routes.ts';
import { settingsBody, auditQuery } from './schema.ts';

export function registerOverviewRoutes({ deps, route }: StaffRoutes): void {
  route('get', '/alerts', async (ctx, { admin }) => {
    ctx.body = await staffAlertsFor(deps.db, admin);
  });
  route('post', '/alerts/:id/seen', { params: idParams }, async (ctx, actor) => {
    await markAlertSeen(deps.db, actor, ctx.input.params.id);
    ctx.body = done();
  });

  route('get', '/statistics', async (ctx, { admin }) => {
    ctx.body = await panelStatistics(deps.db, admin);
  });

  route('get', '/analytics/summary', async (ctx) => {
    ctx.body = await analyticsSummary(deps.db);
  });

  route('get', '/settings', async (ctx) => {
    ctx.body = await panelSettings(deps.db);
  });
  route('put', '/settings', { body: settingsBody }, async (ctx, actor) => {
    await saveSettings(deps.db, actor, ctx.input.body);
    ctx.body = done();
  });

  route('get', '/audit-log', { query: auditQuery }, async (ctx) => {
    ctx.body = await auditLog(deps.db, ctx.input.query);
  });
}
