// Writing one's own ad from the form: a new draft, an edit (a live or decided ad goes back to review: staff approve
// every edit), and sending a draft or a rejected ad for review, screened for red flags (shared/review-flags.ts).
import type { Knex } from 'knex';
import { insertAdDraft, ownAdStanding, saveOwnAdForm, sendOwnAdToReview } from '#db/queries/advertiser-ads.ts';
import { verificationStatusOf } from '#db/queries/advertiser-verification.ts';
import { OWNER_EDITABLE_STATES, type AdState } from '#shared/catalogue.ts';
import type { AdInputForm } from '#shared/ad-input.ts';
import type { ReviewFlag } from '#shared/review-flags.ts';

/** The states from which an ad is sent for review by its owner. */
const SUBMITTABLE_STATES: readonly AdState[] = ['draft', 'rejected'];
/** Who may send an ad for review: verified advertisers, and those whose verification is under review. */
const MAY_SUBMIT = ['pending', 'verified'];

export function createAdDraft(db: Knex, advertiserId: number, input: AdInputForm, now = new Date()): Promise<number> {
  return insertAdDraft(db, advertiserId, input, now);
}

export async function updateOwnAd(
  db: Knex,
  advertiserId: number,
  adId: number,
  input: AdInputForm,
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_editable'> {
  return db.transaction(async (trx) => {
    const ad = await ownAdStanding(trx, advertiserId, adId);
    if (!ad) return 'missing';
    if (!(OWNER_EDITABLE_STATES as readonly string[]).includes(ad.state)) return 'not_editable';
    // The state read above is checked again in the write: a report may have held the ad in between.
    const saved = await saveOwnAdForm(trx, advertiserId, adId, input, { fromState: ad.state, backToReview: ad.state !== 'draft' }, now);
    return saved ? 'ok' : 'not_editable';
  });
}

export type SubmitAdResult = { flags: ReviewFlag[] } | 'missing' | 'not_draft' | 'not_verified';

export async function submitOwnAd(db: Knex, advertiserId: number, adId: number, now = new Date()): Promise<SubmitAdResult> {
  if (!(await ownAdStanding(db, advertiserId, adId))) return 'missing';
  if (!MAY_SUBMIT.includes((await verificationStatusOf(db, advertiserId)) ?? '')) return 'not_verified';
  return db.transaction(async (trx) => {
    const flags = await sendOwnAdToReview(trx, advertiserId, adId, SUBMITTABLE_STATES, now);
    return flags ? { flags } : 'not_draft';
  });
}
