// Resuming a paused ad (pausing is db/queries/advertiser-ads.ts' moveOwnAd, which stamps paused_at): in one
// transaction, the ad's row locked, so that the time added to its plan is added once. A paused ad that leaves the
// pause another way (edited, or a photo changed: back to review) gets its paused time the same way first.
import type { Knex } from 'knex';
import { forUpdate } from '#db/dialect.ts';
import { Ad } from '#db/models/index.ts';
import type { Plan } from '#shared/catalogue.ts';
import { resumedEnds } from '#shared/pause-extension.ts';

export interface PausedAdRow {
  plan: Plan;
  planExpiresAt: Date | null;
  expiresAt: Date | null;
  pausedAt: Date | null;
}

export interface ResumedRow {
  planExpiresAt: Date | null;
  expiresAt: Date | null;
  shiftMs: number;
}

/**
 * Publishes the advertiser's paused ad again with the ends `ends` computes from it (null: it may not come back, its
 * listing has run out). The pending renewal of its plan moves with the plan's end. 'resumed', 'not_paused' (missing,
 * not theirs or not paused) or 'expired'.
 */
export function resumeOwnAdRow(
  db: Knex,
  advertiserId: number,
  adId: number,
  ends: (ad: PausedAdRow) => ResumedRow | null,
  now: Date,
): Promise<'resumed' | 'not_paused' | 'expired'> {
  return db.transaction(async (trx) => {
    const ad = await forUpdate(
      trx,
      Ad.query(trx)
        .findById(adId)
        .where({ advertiser_id: advertiserId, state: 'paused' })
        .select('plan', 'plan_expires_at', 'expires_at', 'paused_at'),
    );
    if (!ad) return 'not_paused';
    const resumed = ends({ plan: ad.plan, planExpiresAt: ad.planExpiresAt, expiresAt: ad.expiresAt, pausedAt: ad.pausedAt });
    if (!resumed) return 'expired';
    await applyResumedEnds(trx, adId, resumed, 'published', now);
    return 'resumed';
  });
}

/** Writes a paused ad's new ends and state, and moves its pending renewal with the plan's end. */
async function applyResumedEnds(trx: Knex, adId: number, resumed: ResumedRow, state: 'published' | null, now: Date): Promise<void> {
  await Ad.query(trx)
    .findById(adId)
    .patch({
      ...(state ? { state } : {}),
      pausedAt: null,
      planExpiresAt: resumed.planExpiresAt,
      expiresAt: resumed.expiresAt ?? undefined,
      updatedAt: now,
    });
  if (resumed.shiftMs <= 0) return;
  const renewals = await trx('payments')
    .where({ ad_id: adId, kind: 'renewal', status: 'pending' })
    .whereNotNull('due_at')
    .select('id', 'due_at');
  for (const r of renewals) {
    await trx('payments')
      .where('id', r.id)
      .update({ due_at: new Date(new Date(r.due_at).getTime() + resumed.shiftMs) });
  }
}

/**
 * Before a paused ad goes back to review (edited, or its photos changed), in the caller's transaction: the time it
 * was paused is added to its paid plan and its listing, as resuming would (decision 068), and the pause is over. Once
 * in review nothing freezes its plan any more. Nothing happens to an ad that is not paused.
 */
export async function creditPauseBeforeReview(trx: Knex, adId: number, now: Date, ownerId?: number): Promise<void> {
  const paused = Ad.query(trx).findById(adId).where('state', 'paused');
  // Of this advertiser only, where the caller has not checked the ad is hers.
  if (ownerId !== undefined) paused.where('advertiser_id', ownerId);
  const ad = await forUpdate(trx, paused.select('plan', 'plan_expires_at', 'expires_at', 'paused_at'));
  if (!ad?.pausedAt) return;
  await applyResumedEnds(trx, adId, resumedEnds(ad, now), null, now);
}
