// One published ad with everything its page shows; the phone number is read separately, on request.
import type { Knex } from 'knex';
import {
  ATTENTION_TYPES,
  DAY_GROUPS,
  LANGUAGES,
  SERVICE_TYPES,
  TIME_SLOTS,
  type AttentionType,
  type Category,
  type DayGroup,
  type Language,
  type Plan,
  type ServiceType,
  type TimeSlot,
} from '#shared/catalogue.ts';
import { fromMask } from '#shared/masks.ts';
import { ageFrom } from '#shared/dates.ts';
import { planOfTier } from '#shared/ranking.ts';
import { publicAds, publicAdsWithAdvertiser } from './search-ads.ts';
import { planTierColumn } from './search-order.ts';
import { AdPhoto } from '#db/models/index.ts';
import { availableUntilOf } from './availability-windows.ts';
import { ratesOfAd } from './ad-rates.ts';
import type { Rates } from '#shared/rates.ts';

export interface AdImage {
  key: string;
  width: number;
  height: number;
  alt: string;
}

export interface AdDetails {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: Category;
  barrio: string | null;
  /** The lowest 1-hour rate; the whole table is `rates`. */
  pricePerHour: number | null;
  rates: Rates;
  plan: Plan;
  photosVerified: boolean;
  /** Since when every photo is verified ("Fotos reales"); null while photosVerified is false. */
  photosVerifiedAt: Date | null;
  age: number | null;
  days: DayGroup[];
  slots: TimeSlot[];
  is24h: boolean;
  openSchedule: boolean;
  languages: Language[];
  services: ServiceType[];
  attention: AttentionType[];
  hasPhone: boolean;
  publishedAt: Date;
  images: AdImage[];
  /** The end of "Disponible ahora" while the advertiser has it on (the badge); null otherwise. */
  availableUntil: Date | null;
}

export async function findPublicAd(db: Knex, id: number, now = new Date()): Promise<AdDetails | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await publicAdsWithAdvertiser(db)
    .where('ads.id', id)
    // Everything the page shows, and not the phone: that is only read by revealPhone.
    .select(
      'ads.id',
      'ads.slug',
      'ads.title',
      'ads.description',
      'ads.category',
      'ads.barrio',
      'ads.price_per_hour',
      'ads.photos_verified',
      'ads.photos_verified_at',
      'ads.days_mask',
      'ads.slots_mask',
      'ads.is_24h',
      'ads.open_schedule',
      'ads.languages_mask',
      'ads.services_mask',
      'ads.attention_mask',
      'ads.published_at',
      'advertisers.birth_date',
    )
    .select(db.raw('ads.phone is not null as has_phone'))
    .select(planTierColumn(db, now))
    .first();
  if (!row) return null;
  const [images, availableUntil, rates] = await Promise.all([
    AdPhoto.query(db).where('ad_id', id).orderBy('position'),
    availableUntilOf(db, [id], now),
    ratesOfAd(db, id),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    barrio: row.barrio,
    pricePerHour: row.price_per_hour,
    rates,
    plan: planOfTier(row.plan_tier),
    photosVerified: Boolean(row.photos_verified),
    photosVerifiedAt: row.photos_verified && row.photos_verified_at ? new Date(row.photos_verified_at) : null,
    age: row.birth_date ? ageFrom(row.birth_date, now) : null,
    days: fromMask(DAY_GROUPS, row.days_mask),
    slots: fromMask(TIME_SLOTS, row.slots_mask),
    is24h: Boolean(row.is_24h),
    openSchedule: Boolean(row.open_schedule),
    languages: fromMask(LANGUAGES, row.languages_mask),
    services: fromMask(SERVICE_TYPES, row.services_mask),
    attention: fromMask(ATTENTION_TYPES, row.attention_mask),
    hasPhone: Boolean(row.has_phone),
    publishedAt: new Date(row.published_at),
    images: images.map((i) => ({ key: i.fileKey, width: i.width, height: i.height, alt: i.alt })),
    availableUntil: availableUntil.get(id) ?? null,
  };
}

/** The phone of a public ad as stored (E.164); null when the ad is not public or has no phone. The caller counts the reveal. */
export async function publicPhone(db: Knex, id: number): Promise<string | null> {
  const row = await publicAds(db).where('ads.id', id).select('ads.phone').first();
  return row?.phone ?? null;
}

/** A published ad that a phone number belongs to: what /verificar-anuncio shows of it (never the number). */
export interface AdOfPhone {
  id: number;
  slug: string;
  title: string;
}

/**
 * The published ads whose stored number is `e164`, newest first (an advertiser may have a few). Ads that are not
 * public (drafts, held, ended) are left out, so that the check reveals no more than the ad pages do.
 */
export async function publicAdsWithPhone(db: Knex, e164: string, limit = 5): Promise<AdOfPhone[]> {
  const rows = await publicAds(db)
    .where('ads.phone', e164)
    .orderBy('ads.published_at', 'desc')
    .orderBy('ads.id', 'desc')
    .limit(limit)
    .select('ads.id', 'ads.slug', 'ads.title');
  return rows.map((r: { id: number | string; slug: string; title: string }) => ({ id: Number(r.id), slug: r.slug, title: r.title }));
}

/** Which of `ids` are public ads now (for the visitor's favourites: "Ya no disponible" on the rest); nothing else. */
export async function publicAdIdsAmong(db: Knex, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = (await publicAds(db).whereIn('ads.id', ids).select('ads.id')) as { id: number }[];
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
