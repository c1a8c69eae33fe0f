// What a card of the search results, the VIP banner or the home's strip shows of an ad. A card is made of facts read
// from the database (texts, cover, rates, the plan and its end, the advertiser's birth date, the ad's windows) and of
// what follows from them at the moment it is shown (the plan in force, the age, "Disponible ahora"), worked out here
// in one way for every caller. With the search index, the facts of the ads shown are kept with the index: they hold
// for its catalogue version (every change to what a card shows changes the version), so a search reads only the ads
// it has not shown since (docs/decisions/056-search-miss.md).
import type { Knex } from 'knex';
import type { Category, Plan } from '#shared/catalogue.ts';
import { ageFrom } from '#shared/dates.ts';
import { planOfTier, planTier } from '#shared/ranking.ts';
import { HOURLY } from '#shared/rates.ts';
import { availableUntilAt, type AdWindow } from '#shared/available-now.ts';
import { windowsNotEndedOf } from './availability-windows.ts';
import { setBounded } from '#shared/bounded-memo.ts';

export interface AdCard {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: Category;
  barrio: string | null;
  /** The lowest 1-hour rate (docs/decisions/031-rates.md). */
  pricePerHour: number | null;
  /** The places' 1-hour rates differ: the card says "desde". */
  hourlyRatesDiffer: boolean;
  /** Any rate at all, 1-hour or not: without a 1-hour one the card points to the ad's table. */
  hasRates: boolean;
  /** The plan in force now: a paid plan past its end date counts as gratuito. */
  plan: Plan;
  photosVerified: boolean;
  /** Since when (the oldest check of its photos) while photosVerified is true; null otherwise. */
  photosVerifiedAt: Date | null;
  age: number | null;
  image: { key: string; width: number; height: number; alt: string } | null;
  publishedAt: Date;
  /** The end of "Disponible ahora" while the advertiser has it on (the badge); null otherwise. */
  availableUntil: Date | null;
}

/** The columns of `ads` a card is made from. */
export const CARD_COLUMNS = [
  'ads.id',
  'ads.slug',
  'ads.title',
  'ads.description',
  'ads.category',
  'ads.barrio',
  'ads.price_per_hour',
  'ads.plan',
  'ads.plan_expires_at',
  'ads.photos_verified',
  'ads.photos_verified_at',
  'ads.published_at',
  'ads.advertiser_id',
];

export interface AdRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: Category;
  barrio: string | null;
  price_per_hour: number | null;
  plan: Plan;
  plan_expires_at: Date | number | string | null;
  photos_verified: boolean | number;
  photos_verified_at: Date | number | string | null;
  published_at: Date | number | string;
  advertiser_id: number;
}

/** A card's facts: all of it that does not change with the clock, and what the rest follows from. */
export interface CardFacts {
  card: Omit<AdCard, 'plan' | 'age' | 'availableUntil'>;
  plan: Plan;
  planExpiresAt: number | null;
  birthDate: string | Date | null;
  /** The ad's windows not ended when the facts were read, at `readAt` (milliseconds). */
  windows: AdWindow[];
  readAt: number;
}

/** The card at `now`. */
export function cardAt(facts: CardFacts, now: Date): AdCard {
  const nowMs = now.getTime();
  const until = availableUntilAt(facts.windows, nowMs);
  return {
    ...facts.card,
    plan: planOfTier(planTier(facts.plan, facts.planExpiresAt, nowMs)),
    age: facts.birthDate ? ageFrom(facts.birthDate, now) : null,
    availableUntil: until === null ? null : new Date(until),
  };
}

/** The facts of these rows' cards: cover photos, advertisers' birth dates, windows and rates in one query each. */
export async function cardFactsOf(db: Knex, rows: AdRow[], now: Date): Promise<CardFacts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [images, advertisers, windows, rateRows] = await Promise.all([
    db('ad_images').whereIn('ad_id', ids).where('position', 0).select('ad_id', 'file_key', 'width', 'height', 'alt'),
    db('advertisers')
      .whereIn('id', [...new Set(rows.map((r) => r.advertiser_id))])
      .select('id', 'birth_date'),
    windowsNotEndedOf(db, ids, now),
    db('ad_rates').whereIn('ad_id', ids).select('ad_id', 'duration', 'amount'),
  ]);
  const covers = new Map<number, AdCard['image']>();
  for (const img of images) covers.set(Number(img.ad_id), { key: img.file_key, width: img.width, height: img.height, alt: img.alt });
  const birthDates = new Map<number, string | Date | null>(advertisers.map((a) => [Number(a.id), a.birth_date]));
  const rates = new Map<number, Set<number>>();
  for (const r of rateRows) {
    const hourly = rates.get(Number(r.ad_id)) ?? new Set<number>();
    if (r.duration === HOURLY) hourly.add(Number(r.amount));
    rates.set(Number(r.ad_id), hourly);
  }
  return rows.map((r) => ({
    card: {
      id: Number(r.id),
      slug: r.slug,
      title: r.title,
      excerpt: excerpt(r.description),
      category: r.category,
      barrio: r.barrio,
      pricePerHour: r.price_per_hour,
      hourlyRatesDiffer: (rates.get(Number(r.id))?.size ?? 0) > 1,
      hasRates: rates.has(Number(r.id)),
      photosVerified: Boolean(r.photos_verified),
      photosVerifiedAt: r.photos_verified && r.photos_verified_at !== null ? new Date(r.photos_verified_at) : null,
      image: covers.get(Number(r.id)) ?? null,
      publishedAt: new Date(r.published_at),
    },
    plan: r.plan,
    planExpiresAt: r.plan_expires_at === null ? null : new Date(r.plan_expires_at).getTime(),
    birthDate: birthDates.get(Number(r.advertiser_id)) ?? null,
    windows: windows.get(Number(r.id)) ?? [],
    readAt: now.getTime(),
  }));
}

function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Cards' facts kept per search index, at most this many per index (the oldest read first goes): about 0.8 KB each, 40
 * MB at most. At 20,000, broad searches over 100,000 ads read cards in a third of their misses, a quarter to a third of
 * their CPU (docs/benchmarks.md, "Speed, round two: fifth step"); 50,000 held what they showed, as 100,000 did.
 */
export const KEPT_CARDS = 50_000;
const keptByIndex = new WeakMap<object, Map<number, CardFacts>>();

/**
 * The facts of these ads' cards at `now`, kept with `index` (one catalogue version): those not kept yet are read with
 * `read` and kept. Kept facts serve any later instant (their windows are those not ended when they were read); an
 * earlier one reads them again. An id that `read` does not find (unpublished since) is left out.
 */
export async function keptCardFacts(
  index: object,
  ids: number[],
  now: Date,
  read: (ids: number[]) => Promise<CardFacts[]>,
): Promise<CardFacts[]> {
  let kept = keptByIndex.get(index);
  if (!kept) keptByIndex.set(index, (kept = new Map()));
  // This call's own answer: what is kept now, then what is read (the cache may drop either meanwhile).
  const found = new Map<number, CardFacts>();
  for (const id of ids) {
    const facts = kept.get(id);
    if (facts && facts.readAt <= now.getTime()) found.set(id, facts);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    for (const facts of await read(missing)) {
      found.set(facts.card.id, facts);
      kept.delete(facts.card.id);
      setBounded(kept, facts.card.id, facts, KEPT_CARDS);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
