// Staff decisions on ads: approve (a flagged ad only once its reasons were read), reject or remove with a reason
// and a category (the transparency report counts it). Each decision commits with its audit row; then the
// advertiser is told, and a notice that fails undoes nothing.
import type { Knex } from 'knex';
import { approveAd as approve, refuseAd as refuseInDb, type ModerationResult } from '#db/queries/admin/moderation.ts';
import type { RefusalCategory } from '#shared/refusal-categories.ts';
import { refuse } from '#core/refusals.ts';
import { staffAction, type StaffActor, type StaffActionEntry } from '../staff-action.ts';

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
  if (result === 'missing') throw refuse('ad_missing');
  if (result === 'not_verified') throw refuse('advertiser_not_verified');
  if (result === 'wrong_state') throw refuse('ad_in_wrong_state');
  if (result === 'flags_unread') throw refuse('flags_unread');
  if (result === 'reported') throw refuse('open_hiding_report');
}

/** pending -> published; `flagsRead`: staff confirmed they read the reasons screening held it for. */
export async function approveAd(deps: ModerationDeps, actor: StaffActor, adId: number, options: { flagsRead?: boolean }): Promise<void> {
  const { flagsRead } = options;
  const entry: StaffActionEntry = {
    action: 'ad_approved',
    targetType: 'ad',
    targetId: adId,
    ...(flagsRead ? { details: { flagsRead } } : {}),
  };
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
  const entry: StaffActionEntry = {
    action: action === 'reject' ? 'ad_rejected' : 'ad_removed',
    targetType: 'ad',
    targetId: adId,
    details: { reason, category },
  };
  await staffAction(deps.db, actor, entry, async (trx) =>
    refuseUnless(await refuseInDb(trx, adId, action, reason, deps.now ?? new Date())),
  );
  await deps.notices.adDecided(adId, { kind: action === 'reject' ? 'rejected' : 'removed', reason });
}
