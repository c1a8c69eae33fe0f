// What an ad goes to review with (docs/decisions/043): the word list's hard terms and the indicators of its text,
// and the photos and phone number it shares with other accounts' ads; each reason with its weight and the ad's
// score. Written on the ad whenever it is (or goes back) in review, so staff see the reasons of what they approve.
import type { Knex } from 'knex';
import { Ad } from '#db/models/index.ts';
import { screenAdContent } from '#shared/screening.ts';
import { reviewScore, type ReviewFlag } from '#shared/review-flags.ts';
import { duplicatePhoneFlags, duplicatePhotoFlags } from './duplicates.ts';

export interface Screening {
  flags: ReviewFlag[];
  score: number;
}

/** Screens an ad in review again (its text, phone or photos changed) and stores the result; null for other states. */
export async function rescreenPendingAd(db: Knex, adId: number): Promise<Screening | null> {
  // Read in review only: a draft's photo upload or reorder pays for no duplicate lookup it would not keep.
  const ad = await Ad.query(db).findById(adId).where('state', 'pending').select('id', 'advertiser_id', 'title', 'description', 'phone');
  if (!ad) return null;
  const flags: ReviewFlag[] = [...screenAdContent(ad), ...(await duplicatePhotoFlags(db, ad)), ...(await duplicatePhoneFlags(db, ad))];
  const screening = { flags, score: reviewScore(flags) };
  const changed = await Ad.query(db)
    .findById(adId)
    .where('state', 'pending')
    .patch({ reviewFlags: flags.length ? JSON.stringify(flags) : null, reviewScore: screening.score || null });
  return changed ? screening : null;
}
