// An advertiser's own ads in the database: the form's columns, the ads with their rates as their owner reads them,
// and the writes of the own-ad commands (core/own-ads/, where the rules are). Every function takes the advertiser's
// id and touches only that advertiser's ads: another's ad is not found.
import type { Knex } from 'knex';
import { creditPauseBeforeReview } from './ad-pauses.ts';
import { openAdReview } from './ad-reviews.ts';
import { forUpdate } from '#db/dialect.ts';
import { ATTENTION_TYPES, DAY_GROUPS, LANGUAGES, SERVICE_TYPES, TIME_SLOTS, type AdState } from '#shared/catalogue.ts';
import { toMask } from '#shared/masks.ts';
import { buildSearchText, slugify } from '#shared/ad-text.ts';
import { Ad, AdPhoto, PhotoVerificationRequest } from '#db/models/index.ts';
import type { ReviewFlag } from '#shared/review-flags.ts';
import { rescreenPendingAd } from './ad-screening.ts';
import type { AdInputForm } from '#shared/ad-input.ts';
import { keysNotKeptAsEvidence } from './report-evidence.ts';
import { saveAdRates } from './ad-rates.ts';

/** What the form sets of an ad. */
function fromForm(input: AdInputForm) {
  return {
    slug: slugify(input.title),
    title: input.title,
    description: input.description,
    category: input.category,
    zona: 'caba',
    barrio: input.barrio,
    phone: input.phone,
    daysMask: toMask(DAY_GROUPS, input.days),
    slotsMask: toMask(TIME_SLOTS, input.slots),
    is24h: input.is24h,
    openSchedule: input.openSchedule,
    languagesMask: toMask(LANGUAGES, input.languages),
    servicesMask: toMask(SERVICE_TYPES, input.services),
    attentionMask: toMask(ATTENTION_TYPES, input.attention),
    requestedPlan: input.plan,
    searchText: buildSearchText({ title: input.title, description: input.description, barrio: input.barrio, category: input.category }),
  } satisfies Partial<Ad>;
}

/** The advertiser's ad, or nothing: another advertiser's ad is not found. */
const ownAd = (db: Knex, advertiserId: number, adId: number) => Ad.query(db).findById(adId).where('advertiser_id', advertiserId);

/** A new draft on the free plan, with its rates. */
export async function insertAdDraft(db: Knex, advertiserId: number, input: AdInputForm, now: Date): Promise<number> {
  return db.transaction(async (trx) => {
    const ad = await Ad.query(trx).insert({
      advertiserId,
      ...fromForm(input),
      state: 'draft',
      plan: 'gratuito',
      createdAt: now,
      updatedAt: now,
    });
    await saveAdRates(trx, ad.id, input.rates);
    return ad.id;
  });
}

/** The advertiser's ads with their rates, the last changed first. */
export async function ownAdsWithRates(db: Knex, advertiserId: number): Promise<Ad[]> {
  return await Ad.query(db)
    .where('advertiser_id', advertiserId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .withGraphFetched('rates');
}

export async function ownAdWithRates(db: Knex, advertiserId: number, adId: number): Promise<Ad | null> {
  return (await ownAd(db, advertiserId, adId).withGraphFetched('rates')) ?? null;
}

/** The ad's name and tier: what a page about one of its sides (statistics, review) heads with. */
export async function ownAdHeading(
  db: Knex,
  advertiserId: number,
  adId: number,
): Promise<Pick<Ad, 'id' | 'title' | 'state' | 'category' | 'plan'> | null> {
  return (await ownAd(db, advertiserId, adId).select('id', 'title', 'state', 'category', 'plan')) ?? null;
}

/** What the own-ad commands decide on: the ad's state, the end of its listing and its plan. */
export async function ownAdStanding(
  db: Knex,
  advertiserId: number,
  adId: number,
): Promise<Pick<Ad, 'state' | 'expiresAt' | 'plan'> | null> {
  return (await ownAd(db, advertiserId, adId).select('state', 'expires_at', 'plan')) ?? null;
}

/**
 * The ad's id and state, its row locked until the caller's transaction ends: two changes at once are taken one after
 * the other (the second sees what the first did).
 */
export async function lockOwnAd(trx: Knex, advertiserId: number, adId: number): Promise<Pick<Ad, 'id' | 'state'> | null> {
  return (await forUpdate(trx, ownAd(trx, advertiserId, adId).select('id', 'state'))) ?? null;
}

/**
 * Saves the form over the ad, in the caller's transaction, while the ad is still in `fromState` (a report may have
 * held it since it was read): false, and nothing written, when it is not. `backToReview` puts it in the review
 * queue, screened as saved (the new text and phone, against other accounts' ads as they are now).
 */
export async function saveOwnAdForm(
  trx: Knex,
  advertiserId: number,
  adId: number,
  input: AdInputForm,
  change: { fromState: AdState; backToReview: boolean },
  now: Date,
): Promise<boolean> {
  if (change.backToReview && change.fromState === 'paused') await creditPauseBeforeReview(trx, adId, now, advertiserId);
  const changed = await ownAd(trx, advertiserId, adId)
    .where('state', change.fromState)
    .patch({
      ...fromForm(input),
      ...(change.backToReview ? { state: 'pending', submittedAt: now, stateReason: null } : {}),
      updatedAt: now,
    });
  if (!changed) return false;
  if (change.backToReview) await openAdReview(trx, adId, now);
  // The rates are part of the ad's content: saved with it, under the same review.
  await saveAdRates(trx, adId, input.rates);
  if (change.backToReview) await rescreenPendingAd(trx, adId);
  return true;
}

/**
 * Sends the ad to the review queue, in the caller's transaction, if it is in one of `fromStates` (conditional on the
 * state: a double click sends it once). Returns what screening found for staff, or null when it was not moved.
 */
export async function sendOwnAdToReview(
  trx: Knex,
  advertiserId: number,
  adId: number,
  fromStates: readonly AdState[],
  now: Date,
): Promise<ReviewFlag[] | null> {
  if (fromStates.includes('paused')) await creditPauseBeforeReview(trx, adId, now, advertiserId);
  const moved = await ownAd(trx, advertiserId, adId)
    .whereIn('state', fromStates)
    .patch({ state: 'pending', submittedAt: now, stateReason: null, updatedAt: now });
  if (!moved) return null;
  await openAdReview(trx, adId, now);
  return (await rescreenPendingAd(trx, adId))?.flags ?? [];
}

/**
 * Moves the ad from one state to another, only if it is still in `from`, and ranks it again for search; with
 * `expiresAt` its listing's end changes too. False when it was not in that state.
 */
export async function moveOwnAd(
  db: Knex,
  advertiserId: number,
  adId: number,
  move: { from: readonly AdState[]; to: AdState; expiresAt?: Date },
  now: Date,
): Promise<boolean> {
  const changed = await ownAd(db, advertiserId, adId)
    .whereIn('state', move.from)
    // A pause is stamped: a paid plan's time stands still until the ad is resumed (db/queries/ad-pauses.ts).
    .patch({
      state: move.to,
      pausedAt: move.to === 'paused' ? now : null,
      ...(move.expiresAt ? { expiresAt: move.expiresAt } : {}),
      updatedAt: now,
    });
  return changed > 0;
}

/**
 * Deletes an ad and returns the files for the caller to delete: its photos (not those a report keeps as evidence)
 * and the sealed selfies of its photo verifications. An ad held by a report is not deleted: 'held'.
 */
export async function deleteOwnAdRow(
  db: Knex,
  advertiserId: number,
  adId: number,
): Promise<{ photoKeys: string[]; selfieKeys: string[] } | 'missing' | 'held'> {
  return db.transaction(async (trx) => {
    if (!(await ownAd(trx, advertiserId, adId).select('id'))) return 'missing';
    const keys = (await AdPhoto.query(trx).where('ad_id', adId).select('file_key')).map((p) => p.fileKey);
    const selfieKeys = (await PhotoVerificationRequest.query(trx).where('ad_id', adId).whereNotNull('selfie_key').select('selfie_key')).map(
      (r) => r.selfieKey!,
    );
    // Conditional on the state: a report that holds the ad meanwhile keeps it.
    if (!(await Ad.query(trx).findById(adId).whereNot('state', 'held').delete())) return 'held';
    return { photoKeys: await keysNotKeptAsEvidence(trx, keys), selfieKeys };
  });
}
