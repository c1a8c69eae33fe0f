// Reports and contact messages from the panel: the lists by status, deciding a report, preserving a report for the
// authorities and releasing it (decision 044), downloading the preserved package, and marking a message answered
// (core/panel/reports/).
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { done } from '#core/answers.ts';
import { contactMessages, markMessageAnswered } from '#core/panel/reports/messages.ts';
import { downloadPreservedPackage, preserveReport, releaseReport } from '#core/panel/reports/preservation.ts';
import { decideReport, reportsFor, type ReleasedAdNotices } from '#core/panel/reports/reports.ts';
import { mailAdOwner } from '#core/own-ads/notices.ts';
import { messagesQuery, reportsQuery } from './schema.ts';

export function registerReportRoutes({ deps, route }: StaffRoutes): void {
  // Read when a dismissal is mailed, not when routes are registered (the route table is also built without a config).
  const notices: ReleasedAdNotices = {
    adReleased: (adId) => mailAdOwner({ db: deps.db, mailer: deps.mailer, siteOrigin: deps.config.siteOrigin }, adId, { kind: 'released' }),
  };
  route('get', '/reports', { query: reportsQuery }, async (ctx) => {
    ctx.body = await reportsFor(deps.db, ctx.input.query.status);
  });
  for (const [action, decision] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    route('post', `/reports/:id/${action}`, { params: idParams }, async (ctx, actor) => {
      await decideReport({ db: deps.db, notices }, actor, ctx.input.params.id, decision);
      ctx.body = done();
    });
  }

  route('post', '/reports/:id/preserve', { params: idParams }, async (ctx, actor) => {
    await preserveReport(deps.db, actor, ctx.input.params.id);
    ctx.body = done();
  });
  route('post', '/reports/:id/release', { params: idParams }, async (ctx, actor) => {
    await releaseReport(deps.db, actor, ctx.input.params.id);
    ctx.body = done();
  });
  // The package for the authorities, as a file.
  route('get', '/reports/:id/preserved', { params: idParams }, async (ctx, actor) => {
    const { id } = ctx.input.params;
    const pack = await downloadPreservedPackage(deps.db, actor, id);
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(`velada-denuncia-${id}-preservada.json`);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(pack, null, 2);
  });

  route('get', '/messages', { query: messagesQuery }, async (ctx) => {
    ctx.body = await contactMessages(deps.db, ctx.input.query.status);
  });
  route('post', '/messages/:id/answered', { params: idParams }, async (ctx, actor) => {
    await markMessageAnswered(deps.db, actor, ctx.input.params.id);
    ctx.body = done();
  });
}
