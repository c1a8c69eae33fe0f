// An advertiser's own ads: create and edit from the form, send for review (screened for red flags), list. Every
// function takes the advertiser's id and touches only that advertiser's ads: another's ad is 'missing'.
import type { Knex } from 'knex';
import { openAdReview } from './ad-reviews.ts';
import {
  ATTENTION_TYPES,
  DAY_GROUPS,
  LANGUAGES,
  OWNER_EDITABLE_STATES,
  SERVICE_TYPES,
  TIME_SLOTS,
  type AdState,
  type Category,
  type Plan,
} from '#shared/catalogue.ts';
import { fromMask, toMask } from '#shared/masks.ts';
import { buildSearchText, slugify } from '#shared/ad-text.ts';
import { Ad, AdPhoto, Advertiser, PhotoVerificationRequest } from '#db/models/index.ts';
import type { ReviewFlag } from '#shared/review-flags.ts';
import { rescreenPendingAd } from './ad-screening.ts';
import type { AdInputForm } from '#shared/ad-input.ts';
import { keysNotKeptAsEvidence } from './report-evidence.ts';
import { saveAdRates } from './ad-rates.ts';
import { ratesFromRows, type Rates } from '#shared/rates.ts';

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

const hasVerificationStatus = async (db: Knex, advertiserId: number, statuses: string[]) =>
  statuses.includes((await Advertiser.query(db).findById(advertiserId).select('verification_status'))?.verificationStatus ?? '');

export async function createAdDraft(db: Knex, advertiserId: number, input: AdInputForm, now = new Date()): Promise<number> {
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

/** Saves the form; a live or decided ad goes back to review (staff approve every edit). */
export async function updateOwnAd(
  db: Knex,
  advertiserId: number,
  adId: number,
  input: AdInputForm,
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_editable'> {
  return db.transaction(async (trx) => {
    const ad = await ownAd(trx, advertiserId, adId).select('state');
    if (!ad) return 'missing';
    if (!(OWNER_EDITABLE_STATES as readonly string[]).includes(ad.state)) return 'not_editable';
    const backToReview = ad.state !== 'draft';
    // The state read above is checked again in the update: a report may have held the ad in between.
    const changed = await ownAd(trx, advertiserId, adId)
      .where('state', ad.state)
      .patch({
        ...fromForm(input),
        ...(backToReview ? { state: 'pending', submittedAt: now, stateReason: null } : {}),
        updatedAt: now,
      });
    if (!changed) return 'not_editable';
    if (backToReview) await openAdReview(trx, adId, now);
    // The rates are part of the ad's content: saved with it, under the same review.
    await saveAdRates(trx, adId, input.rates);
    // Screened as saved: the new text and phone, against other accounts' ads as they are now.
    if (backToReview) await rescreenPendingAd(trx, adId);
    return 'ok';
  });
}

export type SubmitAdResult = { flags: ReviewFlag[] } | 'missing' | 'not_draft' | 'not_verified';

/**
 * draft (or rejected) -> pending review, with what screening found for staff (shared/review-flags.ts). Only
 * verified (or pending) advertisers.
 */
export async function submitOwnAd(db: Knex, advertiserId: number, adId: number, now = new Date()): Promise<SubmitAdResult> {
  const ad = await ownAd(db, advertiserId, adId).select('state');
  if (!ad) return 'missing';
  if (!(await hasVerificationStatus(db, advertiserId, ['pending', 'verified']))) return 'not_verified';
  return db.transaction(async (trx) => {
    // Conditional on the state: a double click sends it once; the second finds it pending already.
    const moved = await ownAd(trx, advertiserId, adId)
      .whereIn('state', ['draft', 'rejected'])
      .patch({ state: 'pending', submittedAt: now, stateReason: null, updatedAt: now });
    if (!moved) return 'not_draft';
    await openAdReview(trx, adId, now);
    return { flags: (await rescreenPendingAd(trx, adId))?.flags ?? [] };
  });
}

export interface OwnAd {
  id: number;
  title: string;
  category: Category;
  barrio: string | null;
  description: string;
  phone: string | null;
  rates: Rates;
  /** The lowest 1-hour rate, derived from `rates`. */
  pricePerHour: number | null;
  days: AdInputForm['days'];
  slots: AdInputForm['slots'];
  is24h: boolean;
  openSchedule: boolean;
  languages: AdInputForm['languages'];
  services: AdInputForm['services'];
  attention: AdInputForm['attention'];
  state: AdState;
  stateReason: string | null;
  plan: Plan;
  requestedPlan: Plan;
  /** The end of the paid plan in force; null on the free plan. */
  planExpiresAt: string | null;
  expiresAt: string | null;
  /** "Fotos reales": every photo verified by staff. */
  photosVerified: boolean;
  updatedAt: string;
}

function toOwnAd(ad: Ad): OwnAd {
  return {
    id: ad.id,
    title: ad.title,
    category: ad.category,
    barrio: ad.barrio,
    description: ad.description,
    phone: ad.phone,
    rates: ratesFromRows(ad.rates ?? []),
    pricePerHour: ad.pricePerHour,
    days: fromMask(DAY_GROUPS, ad.daysMask),
    slots: fromMask(TIME_SLOTS, ad.slotsMask),
    is24h: ad.is24h,
    openSchedule: ad.openSchedule,
    languages: fromMask(LANGUAGES, ad.languagesMask),
    services: fromMask(SERVICE_TYPES, ad.servicesMask),
    attention: fromMask(ATTENTION_TYPES, ad.attentionMask),
    state: ad.state,
    stateReason: ad.stateReason,
    plan: ad.plan,
    requestedPlan: ad.requestedPlan,
    planExpiresAt: ad.plan === 'gratuito' ? null : (ad.planExpiresAt?.toISOString() ?? null),
    expiresAt: ad.expiresAt?.toISOString() ?? null,
    photosVerified: ad.photosVerified,
    updatedAt: ad.updatedAt.toISOString(),
  };
}

export async function listOwnAds(db: Knex, advertiserId: number): Promise<OwnAd[]> {
  return (
    await Ad.query(db).where('advertiser_id', advertiserId).orderBy('updated_at', 'desc').orderBy('id', 'desc').withGraphFetched('rates')
  ).map(toOwnAd);
}

export async function findOwnAd(db: Knex, advertiserId: number, adId: number): Promise<OwnAd | null> {
  const ad = await ownAd(db, advertiserId, adId).withGraphFetched('rates');
  return ad ? toOwnAd(ad) : null;
}

export type OwnAdAction = 'pause' | 'resume' | 'renew';
/** Free listings can be renewed from this many days before they end. */
export const RENEW_WINDOW_DAYS = 5;
const DAY_MS = 86_400_000;

/**
 * pause: published -> paused. resume: paused -> published while its time lasts. renew (free plan): an expired ad,
 * or one ending within RENEW_WINDOW_DAYS, gets 30 more days, published (its content was already approved).
 */
export async function changeOwnAd(
  db: Knex,
  advertiserId: number,
  adId: number,
  action: OwnAdAction,
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_allowed' | 'expired'> {
  const ad = await ownAd(db, advertiserId, adId).select('state', 'expires_at', 'plan');
  if (!ad) return 'missing';
  const endsAt = ad.expiresAt?.getTime() ?? 0;
  const own = () => ownAd(db, advertiserId, adId);
  if (action === 'pause')
    return (await own().where('state', 'published').patch({ state: 'paused', updatedAt: now })) ? 'ok' : 'not_allowed';
  if (action === 'resume') {
    if (ad.state !== 'paused') return 'not_allowed';
    if (endsAt <= now.getTime()) return 'expired';
    await own().where('state', 'paused').patch({ state: 'published', updatedAt: now });
  } else {
    const renewable =
      ad.state === 'expired' || (['published', 'paused'].includes(ad.state) && endsAt - now.getTime() <= RENEW_WINDOW_DAYS * DAY_MS);
    if (!renewable || ad.plan !== 'gratuito') return 'not_allowed';
    if (!(await hasVerificationStatus(db, advertiserId, ['verified']))) return 'not_allowed';
    await own().patch({ state: 'published', expiresAt: new Date(Math.max(now.getTime(), endsAt) + 30 * DAY_MS), updatedAt: now });
  }
  return 'ok';
}

/**
 * Deletes an ad and returns the files for the caller to delete: its photos (not those a report keeps as evidence)
 * and the sealed selfies of its photo verifications. An ad held by a report stays until staff decide: 'held'.
 */
export async function deleteOwnAd(
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
