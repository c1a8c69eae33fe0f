// Reports and contact messages from the panel: the lists by status, deciding a report (a dismissal may bring a
// hidden ad back) and marking a message answered.
import { conflict, notFound } from '#api/errors.ts';
import { decideReport, listReports } from '#db/queries/reports.ts';
import { listContactMessages, markAnswered } from '#db/queries/contact-messages.ts';
import { idParams } from '#api/http/validate.ts';
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
