// Each time an ad enters the review queue and when staff decided on it (migration 029, for the transparency
// report, docs/decisions/042-transparency-report.md): ads.submitted_at only keeps the latest submission. An ad
// edited while it waits stays one review; the decision (approve, reject, remove from the queue) closes it.
import type { Knex } from 'knex';

/** The ad went to review at `now`: a new review unless one is still open (written in the caller's transaction). */
export async function openAdReview(db: Knex, adId: number, now: Date): Promise<void> {
  const open = await db('ad_reviews').where('ad_id', adId).whereNull('decided_at').first('id');
  if (!open) await db('ad_reviews').insert({ ad_id: adId, submitted_at: now, decided_at: null });
}

/** Staff decided on the ad at `now`: its open review (if any) is closed. */
export async function closeAdReview(db: Knex, adId: number, now: Date): Promise<void> {
  await db('ad_reviews').where('ad_id', adId).whereNull('decided_at').update({ decided_at: now });
}
