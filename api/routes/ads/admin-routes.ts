// Moderation of ads from the panel: the queue by state, approving, rejecting and removing with a reason (each
// decision is mailed to the advertiser once committed); and each ad's statistics.
import { conflict, notFound } from '#api/errors.ts';
import { approveAd, moderationQueue, refuseAd, type ModerationResult } from '#db/queries/admin/moderation.ts';
import { idParams } from '#api/http/validate.ts';
import type { StaffRoutes } from '#api/routes/panel/staff-routes.ts';
import { adsQuery, adReasonBody, approveQuery, statsQuery } from './schema.ts';
import { statsAdOf } from '#db/queries/ad-stats.ts';
import { adStatsReport } from '#core/ad-stats/ad-stats-report.ts';
import { parsePeriod } from '#shared/ad-stats.ts';
import { mailAdOwner } from './advertiser-notices.ts';

function moderationAnswer(result: ModerationResult): void {
  if (result === 'missing') throw notFound('ad_not_found', 'El anuncio no existe.');
  if (result === 'not_verified')
    throw conflict('advertiser_not_verified', 'El anunciante todavía no tiene la identidad verificada: aprobá primero su verificación.');
  if (result === 'wrong_state') throw conflict('wrong_state', 'Ese anuncio ya no está en un estado que permita esta acción.');
  if (result === 'flags_unread')
    throw conflict(
      'flags_unread',
      'Este anuncio tiene indicadores de la revisión automática: leelos y confirmá que los revisaste para aprobarlo.',
    );
  if (result === 'reported')
    throw conflict(
      'open_report',
      'Hay una denuncia abierta por posible menor de edad o trata sobre este anuncio: decidila primero en Denuncias.',
    );
}

export function registerModerationRoutes({ deps, route, act }: StaffRoutes): void {
  // Read when a decision is mailed, not when routes are registered (the route table is also built without a config).
  const notices = () => ({ db: deps.db, mailer: deps.mailer, siteOrigin: deps.config.siteOrigin });
  route('get', '/ads', { query: adsQuery }, async (ctx) => {
    const { state } = ctx.input.query;
    ctx.body = await moderationQueue(deps.db, state);
  });
  // The same statistics the advertiser sees of the ad (docs/decisions/034-ad-statistics.md).
  route('get', '/ads/:id/stats', { params: idParams, query: statsQuery }, async (ctx) => {
    const ad = await statsAdOf(deps.db, ctx.input.params.id);
    if (!ad) throw notFound('ad_not_found', 'El anuncio no existe.');
    ctx.body = await adStatsReport(deps.db, ad, parsePeriod(String(ctx.input.query.periodo)));
  });
  route('post', '/ads/:id/approve', { params: idParams, query: approveQuery }, async (ctx, admin) => {
    const { id } = ctx.input.params;
    const { flagsRead } = ctx.input.query;
    const entry = { action: 'ad_approved', targetType: 'ad', targetId: id, ...(flagsRead ? { details: { flagsRead } } : {}) };
    await act(ctx, admin, entry, async (trx) => moderationAnswer(await approveAd(trx, id, new Date(), { flagsRead })));
    // After the commit: the advertiser hears of what is done, and a mail that fails undoes nothing.
    await mailAdOwner(notices(), id, { kind: 'approved' });
    ctx.body = { success: true };
  });
  for (const action of ['reject', 'remove'] as const) {
    route('post', `/ads/:id/${action}`, { params: idParams, body: adReasonBody }, async (ctx, admin) => {
      const { id } = ctx.input.params;
      const { reason, category } = ctx.input.body;
      const entry = {
        action: action === 'reject' ? 'ad_rejected' : 'ad_removed',
        targetType: 'ad',
        targetId: id,
        // The category is what the transparency report counts (decision 042).
        details: { reason, category },
      };
      await act(ctx, admin, entry, async (trx) => moderationAnswer(await refuseAd(trx, id, action, reason)));
      await mailAdOwner(notices(), id, { kind: action === 'reject' ? 'rejected' : 'removed', reason });
      ctx.body = { success: true };
    });
  }
}
