// An advertiser's own ads: create and edit from the form, send for review (screened for red flags), list. Every
// function takes the advertiser's id and touches only that advertiser's ads: another's ad is 'missing'.
import type { Knex } from 'knex';
import {
  ATTENTION_TYPES,
  DAY_GROUPS,
  LANGUAGES,
  OWNER_EDITABLE_STATES,
  SERVICE_TYPES,
  TIME_SLOTS,
  type AdState,
} from '#shared/catalogue.ts';
import { fromMask, toMask } from '#shared/masks.ts';
import { buildSearchText, slugify } from '#shared/ad-text.ts';
import { insertedId } from '#db/dialect.ts';
import { isoOrNull as iso } from '#shared/dates.ts';
import { screenAdText, type RedFlag } from '#shared/screening.ts';
import type { AdInputForm } from '#shared/ad-input.ts';
import { refreshSearchRanks } from './search-rank.ts';
import { keysNotKeptAsEvidence } from './report-evidence.ts';

function columns(input: AdInputForm) {
  return {
    slug: slugify(input.title),
    title: input.title,
    description: input.description,
    category: input.category,
    zona: 'caba',
    barrio: input.barrio,
    phone: input.phone,
    price_per_hour: input.pricePerHour,
    days_mask: toMask(DAY_GROUPS, input.days),
    slots_mask: toMask(TIME_SLOTS, input.slots),
    is_24h: input.is24h,
    open_schedule: input.openSchedule,
    languages_mask: toMask(LANGUAGES, input.languages),
    services_mask: toMask(SERVICE_TYPES, input.services),
    attention_mask: toMask(ATTENTION_TYPES, input.attention),
    requested_plan: input.plan,
    search_text: buildSearchText({ title: input.title, description: input.description, barrio: input.barrio, category: input.category }),
  };
}

export async function createAdDraft(db: Knex, advertiserId: number, input: AdInputForm, now = new Date()): Promise<number> {
  const [row] = await db('ads')
    .insert({ advertiser_id: advertiserId, ...columns(input), state: 'draft', plan: 'gratuito', created_at: now, updated_at: now })
    .returning('id');
  return insertedId(row);
}

/** Saves the form; a live or decided ad goes back to review (staff approve every edit). */
export async function updateOwnAd(
  db: Knex,
  advertiserId: number,
  adId: number,
  input: AdInputForm,
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_editable'> {
  const ad = await db('ads').where({ id: adId, advertiser_id: advertiserId }).first('state');
  if (!ad) return 'missing';
  if (!(OWNER_EDITABLE_STATES as readonly string[]).includes(ad.state)) return 'not_editable';
  const backToReview = ad.state !== 'draft';
  const flags = screenAdText(input.title, input.description);
  // The state read above is checked again in the update: a report may have held the ad in between.
  const changed = await db('ads')
    .where({ id: adId, advertiser_id: advertiserId, state: ad.state })
    .update({
      ...columns(input),
      ...(backToReview
        ? { state: 'pending', submitted_at: now, review_flags: flags.length ? JSON.stringify(flags) : null, state_reason: null }
        : {}),
      updated_at: now,
    });
  return changed ? 'ok' : 'not_editable';
}

export type SubmitAdResult = { flags: RedFlag[] } | 'missing' | 'not_draft' | 'not_verified';

/** draft (or rejected) -> pending review, with the screening's red flags for staff. Only verified (or pending) advertisers. */
export async function submitOwnAd(db: Knex, advertiserId: number, adId: number, now = new Date()): Promise<SubmitAdResult> {
  const ad = await db('ads').where({ id: adId, advertiser_id: advertiserId }).first('state', 'title', 'description');
  if (!ad) return 'missing';
  const advertiser = await db('advertisers').where('id', advertiserId).first('verification_status');
  if (!['pending', 'verified'].includes(advertiser?.verification_status)) return 'not_verified';
  const flags = screenAdText(ad.title, ad.description);
  // Conditional on the state: a double click sends it once; the second finds it pending already.
  const moved = await db('ads')
    .where({ id: adId, advertiser_id: advertiserId })
    .whereIn('state', ['draft', 'rejected'])
    .update({
      state: 'pending',
      submitted_at: now,
      review_flags: flags.length ? JSON.stringify(flags) : null,
      state_reason: null,
      updated_at: now,
    });
  return moved ? { flags } : 'not_draft';
}

export interface OwnAd {
  id: number;
  title: string;
  category: string;
  barrio: string | null;
  description: string;
  phone: string | null;
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
  plan: string;
  requestedPlan: string;
  /** The end of the paid plan in force; null on the free plan. */
  planExpiresAt: string | null;
  expiresAt: string | null;
  updatedAt: string;
}

function toOwnAd(r: Record<string, unknown>): OwnAd {
  return {
    id: r.id as number,
    title: r.title as string,
    category: r.category as string,
    barrio: r.barrio as string | null,
    description: r.description as string,
    phone: r.phone as string | null,
    pricePerHour: r.price_per_hour === null ? null : Number(r.price_per_hour),
    days: fromMask(DAY_GROUPS, Number(r.days_mask)),
    slots: fromMask(TIME_SLOTS, Number(r.slots_mask)),
    is24h: Boolean(r.is_24h),
    openSchedule: Boolean(r.open_schedule),
    languages: fromMask(LANGUAGES, Number(r.languages_mask)),
    services: fromMask(SERVICE_TYPES, Number(r.services_mask)),
    attention: fromMask(ATTENTION_TYPES, Number(r.attention_mask)),
    state: r.state as AdState,
    stateReason: r.state_reason as string | null,
    plan: r.plan as string,
    requestedPlan: r.requested_plan as string,
    planExpiresAt: r.plan === 'gratuito' ? null : iso(r.plan_expires_at),
    expiresAt: iso(r.expires_at),
    updatedAt: iso(r.updated_at)!,
  };
}

export async function listOwnAds(db: Knex, advertiserId: number): Promise<OwnAd[]> {
  return (await db('ads').where('advertiser_id', advertiserId).orderBy('updated_at', 'desc').orderBy('id', 'desc')).map(toOwnAd);
}

export async function findOwnAd(db: Knex, advertiserId: number, adId: number): Promise<OwnAd | null> {
  const row = await db('ads').where({ id: adId, advertiser_id: advertiserId }).first();
  return row ? toOwnAd(row) : null;
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
  const ad = await db('ads').where({ id: adId, advertiser_id: advertiserId }).first('state', 'expires_at', 'plan');
  if (!ad) return 'missing';
  const endsAt = ad.expires_at ? new Date(ad.expires_at).getTime() : 0;
  const own = db('ads').where({ id: adId, advertiser_id: advertiserId });
  if (action === 'pause')
    return (await own.where('state', 'published').update({ state: 'paused', updated_at: now })) ? 'ok' : 'not_allowed';
  if (action === 'resume') {
    if (ad.state !== 'paused') return 'not_allowed';
    if (endsAt <= now.getTime()) return 'expired';
    await own.where('state', 'paused').update({ state: 'published', updated_at: now });
  } else {
    const renewable =
      ad.state === 'expired' || (['published', 'paused'].includes(ad.state) && endsAt - now.getTime() <= RENEW_WINDOW_DAYS * DAY_MS);
    if (!renewable || ad.plan !== 'gratuito') return 'not_allowed';
    const advertiser = await db('advertisers').where('id', advertiserId).first('verification_status');
    if (advertiser?.verification_status !== 'verified') return 'not_allowed';
    await own.update({ state: 'published', expires_at: new Date(Math.max(now.getTime(), endsAt) + 30 * DAY_MS), updated_at: now });
  }
  await refreshSearchRanks(db, now, [adId]);
  return 'ok';
}

/**
 * Deletes an ad and returns the photo files for the caller to delete (not those a report keeps as evidence).
 * An ad held by a report stays until staff decide: 'held'.
 */
export async function deleteOwnAd(db: Knex, advertiserId: number, adId: number): Promise<string[] | 'missing' | 'held'> {
  return db.transaction(async (trx) => {
    const ad = await trx('ads').where({ id: adId, advertiser_id: advertiserId }).first('id', 'state');
    if (!ad) return 'missing';
    const keys: string[] = await trx('ad_images').where('ad_id', adId).pluck('file_key');
    // Conditional on the state: a report that holds the ad meanwhile keeps it.
    if (!(await trx('ads').where({ id: adId }).whereNot('state', 'held').delete())) return 'held';
    return keysNotKeptAsEvidence(trx, keys);
  });
}
