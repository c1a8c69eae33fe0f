// What an ad goes to review with (docs/decisions/043): the word list's hard terms and the indicators of its text,
// and the photos and phone number it shares with other accounts' ads; each reason with its weight and the ad's
// score. Written on the ad whenever it is (or goes back) in review, so staff see the reasons of what they approve.
import type { Knex } from 'knex';
import { screenAdContent } from '#shared/screening.ts';
import { reviewScore, type ReviewFlag } from '#shared/review-flags.ts';
import { duplicatePhoneFlags, duplicatePhotoFlags } from './duplicates.ts';

export interface Screening {
  flags: ReviewFlag[];
  score: number;
}

/** Screens the ad as it is now (text, phone, photos); null when there is no such ad. */
export async function screenAd(db: Knex, adId: number): Promise<Screening | null> {
  const row: { id: number; advertiser_id: number; title: string; description: string; phone: string | null } | undefined = await db('ads')
    .where('id', adId)
    .first('id', 'advertiser_id', 'title', 'description', 'phone');
  if (!row) return null;
  const ad = { id: row.id, advertiserId: row.advertiser_id, phone: row.phone };
  const flags: ReviewFlag[] = [...screenAdContent(row), ...(await duplicatePhotoFlags(db, ad)), ...(await duplicatePhoneFlags(db, ad))];
  return { flags, score: reviewScore(flags) };
}

export const reviewColumns = (screening: Screening) => ({
  review_flags: screening.flags.length ? JSON.stringify(screening.flags) : null,
  review_score: screening.score || null,
});

/** Screens an ad in review again (after its photos changed) and stores the result; nothing for other states. */
export async function rescreenPendingAd(db: Knex, adId: number): Promise<Screening | null> {
  const screening = await screenAd(db, adId);
  if (!screening) return null;
  const changed = await db('ads').where({ id: adId, state: 'pending' }).update(reviewColumns(screening));
  return changed ? screening : null;
}
