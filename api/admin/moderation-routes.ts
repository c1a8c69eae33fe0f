// Moderation from the panel: the ads queue and its decisions, reports of ads, and contact messages.
import { z } from 'zod';
import { conflict, notFound } from '#api/errors.ts';
import { approveAd, moderationQueue, refuseAd, type ModerationResult } from '#db/queries/admin/moderation.ts';
import { decideReport, listReports } from '#db/queries/reports.ts';
import { listContactMessages, markAnswered } from '#db/queries/contact-messages.ts';
import { idParams, parseInput } from '#api/http/validate.ts';
import type { StaffRoutes } from './staff-routes.ts';

const adsQuery = z.object({ state: z.enum(['pending', 'held', 'published', 'rejected', 'removed']).default('pending') });
const messagesQuery = z.object({ status: z.enum(['open', 'answered']).default('open') });
const reportsQuery = z.object({ status: z.enum(['open', 'resolved', 'dismissed']).default('open') });
const adReasonBody = z.object({
  reason: z
    .string({ error: 'Escribí el motivo: el anunciante lo va a ver.' })
    .trim()
    .min(5, 'Escribí el motivo: el anunciante lo va a ver.')
    .max(500),
});
function moderationAnswer(result: ModerationResult): void {
  if (result === 'missing') throw notFound('ad_not_found', 'El anuncio no existe.');
  if (result === 'not_verified')
    throw conflict('advertiser_not_verified', 'El anunciante todavía no tiene la identidad verificada: aprobá primero su verificación.');
  if (result === 'wrong_state') throw conflict('wrong_state', 'Ese anuncio ya no está en un estado que permita esta acción.');
  if (result === 'reported')
    throw conflict(
      'open_report',
      'Hay una denuncia abierta por posible menor de edad o trata sobre este anuncio: decidila primero en Denuncias.',
    );
}

export function registerModerationRoutes({ deps, route, act, body }: StaffRoutes): void {
  route('get', '/ads', async (ctx) => {
    const { state } = parseInput(adsQuery, ctx.query);
    ctx.body = await moderationQueue(deps.db, state);
  });
  route('post', '/ads/:id/approve', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    await act(ctx, admin, { action: 'ad_approved', targetType: 'ad', targetId: id }, async (trx) =>
      moderationAnswer(await approveAd(trx, id)),
    );
    ctx.body = { success: true };
  });
  for (const action of ['reject', 'remove'] as const) {
    route('post', `/ads/:id/${action}`, async (ctx, admin) => {
      const { id } = parseInput(idParams, ctx.params);
      const { reason } = parseInput(adReasonBody, await body(ctx));
      const entry = { action: action === 'reject' ? 'ad_rejected' : 'ad_removed', targetType: 'ad', targetId: id, details: { reason } };
      await act(ctx, admin, entry, async (trx) => moderationAnswer(await refuseAd(trx, id, action, reason)));
      ctx.body = { success: true };
    });
  }

  route('get', '/reports', async (ctx) => {
    ctx.body = await listReports(deps.db, parseInput(reportsQuery, ctx.query).status);
  });
  for (const [action, decision] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    route('post', `/reports/:id/${action}`, async (ctx, admin) => {
      const { id } = parseInput(idParams, ctx.params);
      await act(ctx, admin, { action: `report_${decision}`, targetType: 'report', targetId: id }, async (trx) => {
        const result = await decideReport(trx, id, decision, admin.id);
        if (result === 'missing') throw notFound('report_not_found', 'La denuncia no existe.');
        if (result === 'decided') throw conflict('already_decided', 'Esa denuncia ya fue resuelta o desestimada.');
      });
      ctx.body = { success: true };
    });
  }

  route('get', '/messages', async (ctx) => {
    ctx.body = await listContactMessages(deps.db, parseInput(messagesQuery, ctx.query).status);
  });
  route('post', '/messages/:id/answered', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    await act(ctx, admin, { action: 'message_answered', targetType: 'contact_message', targetId: id }, async (trx) => {
      const result = await markAnswered(trx, id, admin.id);
      if (result === 'missing') throw notFound('message_not_found', 'El mensaje no existe.');
      if (result === 'answered') throw conflict('already_answered', 'Ese mensaje ya estaba marcado como respondido.');
    });
    ctx.body = { success: true };
  });
}
