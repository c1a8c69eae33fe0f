// Writing one's own ad from the form: a new draft, an edit (a live or decided ad goes back to review: staff approve
// every edit), and sending a draft or a rejected ad for review, screened for red flags (shared/review-flags.ts).
import type { Knex } from 'knex';
import { insertAdDraft, ownAdStanding, saveOwnAdForm, sendOwnAdToReview } from '#db/queries/advertiser-ads.ts';
import { verificationStatusOf } from '#db/queries/advertiser-verification.ts';
import { OWNER_EDITABLE_STATES, type AdState } from '#shared/catalogue.ts';
import type { AdInputForm } from '#shared/ad-input.ts';
import type { ReviewFlag } from '#shared/review-flags.ts';
import { refuse } from '#core/refusals.ts';

/** The states from which an ad is sent for review by its owner. */
const SUBMITTABLE_STATES: readonly AdState[] = ['draft', 'rejected'];
/** Who may send an ad for review: verified advertisers, and those whose verification is under review. */
const MAY_SUBMIT = ['pending', 'verified'];

export function createAdDraft(db: Knex, advertiserId: number, input: AdInputForm, now = new Date()): Promise<number> {
  return insertAdDraft(db, advertiserId, input, now);
}

export async function updateOwnAd(db: Knex, advertiserId: number, adId: number, input: AdInputForm, now = new Date()): Promise<void> {
  await db.transaction(async (trx) => {
    const ad = await ownAdStanding(trx, advertiserId, adId);
    if (!ad) throw refuse('own_ad_missing');
    if (!(OWNER_EDITABLE_STATES as readonly string[]).includes(ad.state)) throw refuse('ad_locked');
    // The state read above is checked again in the write: a report may have held the ad in between.
    const saved = await saveOwnAdForm(trx, advertiserId, adId, input, { fromState: ad.state, backToReview: ad.state !== 'draft' }, now);
    if (!saved) throw refuse('ad_locked');
  });
}

/** Sends the ad for review; the flags the screening raised for staff. */
export async function submitOwnAd(db: Knex, advertiserId: number, adId: number, now = new Date()): Promise<ReviewFlag[]> {
  if (!(await ownAdStanding(db, advertiserId, adId))) throw refuse('own_ad_missing');
  if (!MAY_SUBMIT.includes((await verificationStatusOf(db, advertiserId)) ?? '')) throw refuse('identity_not_verified');
  return db.transaction(async (trx) => {
    const flags = await sendOwnAdToReview(trx, advertiserId, adId, SUBMITTABLE_STATES, now);
    if (!flags) throw refuse('ad_already_submitted');
    return flags;
  });
}
