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
import { planOfTier, planTierSql, publicAds, publicAdsWithAdvertiser } from './search-ads.ts';
import { Ad, AdPhoto } from '#db/models/index.ts';
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
}

export async function findPublicAd(db: Knex, id: number, now = new Date()): Promise<AdDetails | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [tierSql, tierBindings] = planTierSql(now);
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
    .select(db.raw(`${tierSql} as plan_tier`, tierBindings))
    .first();
  if (!row) return null;
  const [images, rates] = await Promise.all([AdPhoto.query(db).where('ad_id', id).orderBy('position'), ratesOfAd(db, id)]);
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
  };
}

export async function countAdView(db: Knex, id: number): Promise<void> {
  await Ad.query(db).findById(id).increment('view_count', 1);
}

/** Adds views counted meanwhile, per ad, in one transaction (ids in order: two processes never deadlock). */
export async function addAdViews(db: Knex, views: Map<number, number>): Promise<void> {
  const ids = [...views.keys()].sort((a, b) => a - b);
  await db.transaction(async (trx) => {
    for (const id of ids) await Ad.query(trx).findById(id).increment('view_count', views.get(id)!);
  });
}

/** The phone of a public ad as stored (E.164), counting the reveal; null when the ad is not public or has no phone. */
export async function revealPhone(db: Knex, id: number): Promise<string | null> {
  const row = await publicAds(db).where('ads.id', id).select('ads.phone').first();
  if (!row?.phone) return null;
  await Ad.query(db).findById(id).increment('phone_reveals', 1);
  return row.phone;
}
