// Resuming a paused ad (pausing is db/queries/advertiser-ads.ts' moveOwnAd, which stamps paused_at): in one
// transaction, the ad's row locked, so that the time added to its plan is added once.
import type { Knex } from 'knex';
import { forUpdate } from '#db/dialect.ts';
import { Ad } from '#db/models/index.ts';
import type { Plan } from '#shared/catalogue.ts';

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
    await Ad.query(trx)
      .findById(adId)
      .patch({
        state: 'published',
        pausedAt: null,
        planExpiresAt: resumed.planExpiresAt,
        expiresAt: resumed.expiresAt ?? undefined,
        updatedAt: now,
      });
    if (resumed.shiftMs > 0) {
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
    return 'resumed';
  });
}
