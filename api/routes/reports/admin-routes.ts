// Reports and contact messages from the panel: the lists by status, deciding a report (a dismissal may bring a
// hidden ad back), preserving a report for the authorities and releasing it (decision 044; both audited, and so is
// each download of the preserved package) and marking a message answered.
import { conflict, notFound } from '#api/errors.ts';
import { decideReport, listReports } from '#db/queries/reports.ts';
import { preserveReport, preservedPackage, releasePreservation } from '#db/queries/report-preservation.ts';
import { listContactMessages, markAnswered } from '#db/queries/contact-messages.ts';
import { idParams } from '#api/http/validate.ts';
import { mayReadIdentity } from '#shared/admin-permissions.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { messagesQuery, reportsQuery } from './schema.ts';

export function registerReportRoutes({ deps, route, act }: StaffRoutes): void {
  route('get', '/reports', { query: reportsQuery }, async (ctx) => {
    ctx.body = await listReports(deps.db, ctx.input.query.status);
  });
  for (const [action, decision] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    route('post', `/reports/:id/${action}`, { params: idParams }, async (ctx, admin) => {
      const { id } = ctx.input.params;
      await act(ctx, admin, { action: `report_${decision}`, targetType: 'report', targetId: id }, async (trx) => {
        const result = await decideReport(trx, id, decision, admin.id);
        if (result === 'missing') throw notFound('report_not_found', 'La denuncia no existe.');
        if (result === 'decided') throw conflict('already_decided', 'Esa denuncia ya fue resuelta o desestimada.');
      });
      ctx.body = { success: true };
    });
  }

  const reportMissing = () => notFound('report_not_found', 'La denuncia no existe.');
  route('post', '/reports/:id/preserve', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    await act(ctx, admin, { action: 'report_preserved', targetType: 'report', targetId: id }, async (trx) => {
      const result = await preserveReport(trx, id, admin.id);
      if (result === 'missing') throw reportMissing();
      if (result === 'preserved') throw conflict('already_preserved', 'Esa denuncia ya está preservada.');
    });
    ctx.body = { success: true };
  });
  route('post', '/reports/:id/release', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    await act(ctx, admin, { action: 'report_preservation_released', targetType: 'report', targetId: id }, async (trx) => {
      const result = await releasePreservation(trx, id);
      if (result === 'missing') throw reportMissing();
      if (result === 'not_preserved') throw conflict('not_preserved', 'Esa denuncia no está preservada.');
    });
    ctx.body = { success: true };
  });
  // The package for the authorities, as a file: every download is in the audit log. The advertiser's identity is
  // in it only for staff who may see identities (finding 7: the reports permission alone does not open them).
  route('get', '/reports/:id/preserved', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const withIdentity = mayReadIdentity(admin);
    const entry = { action: 'report_preservation_downloaded', targetType: 'report', targetId: id, details: { identity: withIdentity } };
    const pack = await act(ctx, admin, entry, async (trx) => {
      const found = await preservedPackage(trx, id, { withIdentity });
      if (!found) throw notFound('not_preserved', 'Esa denuncia no existe o no está preservada.');
      return found;
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(`velada-denuncia-${id}-preservada.json`);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(pack, null, 2);
  });

  route('get', '/messages', { query: messagesQuery }, async (ctx) => {
    ctx.body = await listContactMessages(deps.db, ctx.input.query.status);
  });
  route('post', '/messages/:id/answered', { params: idParams }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    await act(ctx, admin, { action: 'message_answered', targetType: 'contact_message', targetId: id }, async (trx) => {
      const result = await markAnswered(trx, id, admin.id);
      if (result === 'missing') throw notFound('message_not_found', 'El mensaje no existe.');
      if (result === 'answered') throw conflict('already_answered', 'Ese mensaje ya estaba marcado como respondido.');
    });
    ctx.body = { success: true };
  });
}
