// Staff decisions on ads: approve (a flagged ad only once its reasons were read), reject or remove with a reason
// and a category (the transparency report counts it). Each decision commits with its audit row; then the
// advertiser is told, and a notice that fails undoes nothing.
import type { Knex } from 'knex';
import { approveAd as approve, refuseAd as refuse, type ModerationResult } from '#db/queries/admin/moderation.ts';
import type { RefusalCategory } from '#shared/refusal-categories.ts';
import { notAllowedNow, notThere } from '../refusals.ts';
import { staffAction, type StaffActor } from '../staff-action.ts';

export type AdDecisionNotice = { kind: 'approved' } | { kind: 'rejected' | 'removed'; reason: string };

/** Tells the ad's owner what staff decided; never throws (core/own-ads/notices.ts mails it). */
export interface AdOwnerNotices {
  adDecided(adId: number, notice: AdDecisionNotice): Promise<void>;
}

export interface ModerationDeps {
  db: Knex;
  notices: AdOwnerNotices;
  now?: Date;
}

function refuseUnless(result: ModerationResult): void {
  if (result === 'missing') throw notThere('ad_not_found', 'El anuncio no existe.');
  if (result === 'not_verified')
    throw notAllowedNow(
      'advertiser_not_verified',
      'El anunciante todavía no tiene la identidad verificada: aprobá primero su verificación.',
    );
  if (result === 'wrong_state') throw notAllowedNow('wrong_state', 'Ese anuncio ya no está en un estado que permita esta acción.');
  if (result === 'flags_unread')
    throw notAllowedNow(
      'flags_unread',
      'Este anuncio tiene indicadores de la revisión automática: leelos y confirmá que los revisaste para aprobarlo.',
    );
  if (result === 'reported')
    throw notAllowedNow(
      'open_report',
      'Hay una denuncia abierta por posible menor de edad o trata sobre este anuncio: decidila primero en Denuncias.',
    );
}

/** pending -> published; `flagsRead`: staff confirmed they read the reasons screening held it for. */
export async function approveAd(deps: ModerationDeps, actor: StaffActor, adId: number, options: { flagsRead?: boolean }): Promise<void> {
  const { flagsRead } = options;
  const entry = { action: 'ad_approved', targetType: 'ad', targetId: adId, ...(flagsRead ? { details: { flagsRead } } : {}) };
  await staffAction(deps.db, actor, entry, async (trx) => refuseUnless(await approve(trx, adId, deps.now ?? new Date(), { flagsRead })));
  await deps.notices.adDecided(adId, { kind: 'approved' });
}

/** reject: pending -> rejected; remove: a live, held, paused or pending ad -> removed. The advertiser reads the reason. */
export async function refuseAd(
  deps: ModerationDeps,
  actor: StaffActor,
  adId: number,
  action: 'reject' | 'remove',
  input: { reason: string; category: RefusalCategory },
): Promise<void> {
  const { reason, category } = input;
  const entry = {
    action: action === 'reject' ? 'ad_rejected' : 'ad_removed',
    targetType: 'ad',
    targetId: adId,
    details: { reason, category },
  };
  await staffAction(deps.db, actor, entry, async (trx) => refuseUnless(await refuse(trx, adId, action, reason, deps.now ?? new Date())));
  await deps.notices.adDecided(adId, { kind: action === 'reject' ? 'rejected' : 'removed', reason });
}
