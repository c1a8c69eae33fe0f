// How search orders its results, defined once (docs/decisions/050-ranking.md): the factors each order sorts by, most
// significant first, and how the stored part of the default order (ads.search_rank) is made. The database's ORDER BY
// (db/queries/search-order.ts), the stored ranks (db/queries/search-rank.ts) and the in-memory index's orders
// (db/search/index-orders.ts) are derived from this module; none of them names a factor, a weight or a rotation of
// its own. Pure: no I/O, no SQL.
import type { Plan, Sort } from './catalogue.ts';
import { liftedAt, type AdWindow } from './available-now.ts';
import { buenosAiresDate, buenosAiresDayStart, daysSinceEpochInBuenosAires } from './dates.ts';

// The stored rank (decisions 003, 015 and 064) ---------------------------------------------------------------------

/** Plan tiers, lowest first: a plan's tier is its place here. A paid plan past its end is tier 0. */
export const PLAN_TIERS = ['gratuito', 'premium', 'vip'] as const satisfies readonly Plan[];

/** The tier of the plan in force at `nowMs` (planExpiresAt in milliseconds; none: no paid plan). */
export function planTier(plan: string, planExpiresAt: number | null, nowMs: number): number {
  if (planExpiresAt === null || planExpiresAt <= nowMs) return 0;
  return Math.max(0, (PLAN_TIERS as readonly string[]).indexOf(plan));
}

/** The plan a tier stands for. */
export function planOfTier(tier: number | string): Plan {
  return PLAN_TIERS[Number(tier)] ?? 'gratuito';
}

/** search_rank = plan tier × TIER_WEIGHT + the ad's place of the window within its tier (0 to TIER_WEIGHT − 1). */
export const TIER_WEIGHT = 100_000;
/** The lowest search_rank of an ad with VIP in force. */
export const VIP_RANK_FLOOR = PLAN_TIERS.indexOf('vip') * TIER_WEIGHT;
export const tierOfRank = (rank: number): number => Math.floor(rank / TIER_WEIGHT);

/** The tier of VIP: its ads' turns are days (decision 015). */
export const VIP_TIER = PLAN_TIERS.indexOf('vip');

/**
 * Who takes turns within its tier and category (decisions 015 and 064): every published ad. Others (drafts, paused,
 * held) are searched by nobody; their rank is the bottom of their tier.
 */
export const takesTurns = (state: string): boolean => state === 'published';

/**
 * Premium and Gratuito ads turn every window (decision 064): 20 minutes, 72 windows a Buenos Aires day (its days start
 * on a window's edge, UTC−3). Short enough that over a day the first page passes over every ad of a tier of up to
 * 72 × 12 ads; the links from one page of results to the next name the window, so that page 2 follows page 1's order.
 */
export const ROTATION_WINDOW_MS = 20 * 60_000;
export const WINDOWS_PER_DAY = 86_400_000 / ROTATION_WINDOW_MS;
/** Each day's turns start this many places further on, so that an ad is not on the first page at the same hour daily. */
export const DAY_STEP = 811;

/** A moment's rotation window: its number since the epoch, its Buenos Aires day and its place in that day. */
export interface RotationWindow {
  window: number;
  day: number;
  windowOfDay: number;
}

export function rotationWindowAt(now: Date): RotationWindow {
  const window = Math.floor(now.getTime() / ROTATION_WINDOW_MS);
  const windowOfDay = Math.floor((now.getTime() - buenosAiresDayStart(buenosAiresDate(now)).getTime()) / ROTATION_WINDOW_MS);
  return { window, day: daysSinceEpochInBuenosAires(now), windowOfDay };
}

/** The first moment of window `window` (the moment a rank of that window is computed for). */
export const rotationWindowStart = (window: number): Date => new Date(window * ROTATION_WINDOW_MS);

/**
 * The place that is first among the `turns` ads of `tier` in one category at `at`: a VIP's turn lasts the Buenos Aires
 * day (decision 015); the others' moves forward through their places over the day, from a place that changes daily,
 * so that every ad of the tier is at the front for the same time.
 */
export function turnStart(tier: number, turns: number, at: RotationWindow): number {
  if (tier === VIP_TIER) return at.day % turns;
  return (at.day * DAY_STEP + Math.floor((at.windowOfDay * turns) / WINDOWS_PER_DAY)) % turns;
}

/**
 * A turn-taker's rank: the `turns` ads of its tier and category are numbered 0 to turns − 1 in id order (`place`);
 * the one at place `start` gets the tier's top rank, the next one the rank below, and so on round.
 */
export function turnRank(tier: number, place: number, turns: number, start: number): number {
  return tier * TIER_WEIGHT + TIER_WEIGHT - 1 - ((place + turns - start) % turns);
}

/** The rank of an ad that takes no turn: the bottom of its tier. */
export const restingRank = (tier: number): number => tier * TIER_WEIGHT;

// The orders ------------------------------------------------------------------------------------------------------

/** What an ad is ordered by, as the search index holds it (db/search/) and the ads table's columns. */
export interface RankedAd {
  id: number;
  searchRank: number;
  /** Milliseconds. */
  publishedAt: number;
  pricePerHour: number | null;
  photosVerified: boolean;
}

/**
 * A factor an order sorts by:
 * - `stored`: a value of the ad's row (NaN for none), the same until the ad changes, which changes the catalog version;
 *   `coarserThan` names a factor it never contradicts (the tier is the rank's leading part): sorting by it and
 *   right after by that one is sorting by that one alone.
 * - `clock`: 0 or 1 from the ad's windows at the time of the search (an ad without windows is 0); it lifts the ads
 *   that have it (1) before the others of their group (equal in every key before it), so it is always descending.
 * - `live`: changes on every visit without a catalogue change (views): only the database orders by it.
 */
export type RankFactor =
  | { kind: 'stored'; value: (ad: RankedAd) => number; coarserThan?: string }
  | { kind: 'clock'; value: (windows: readonly AdWindow[], nowMs: number) => number }
  | { kind: 'live' };

export type RankFactorName = 'tier' | 'availableNow' | 'searchRank' | 'publishedAt' | 'price' | 'photosVerified' | 'viewCount' | 'id';

export const RANK_FACTORS: Record<RankFactorName, RankFactor> = {
  /** The plan tier of the stored rank. */
  tier: { kind: 'stored', value: (ad) => tierOfRank(ad.searchRank), coarserThan: 'searchRank' },
  /** "Disponible ahora" on and not "Hoy no atiendo" (decision 032), in the first hour of its window (decision 064). */
  availableNow: { kind: 'clock', value: (windows, nowMs) => (liftedAt(windows, nowMs) ? 1 : 0) },
  /** Tier, then the day's turn (paid ads) or rotation (the rest). */
  searchRank: { kind: 'stored', value: (ad) => ad.searchRank },
  publishedAt: { kind: 'stored', value: (ad) => ad.publishedAt },
  price: { kind: 'stored', value: (ad) => ad.pricePerHour ?? Number.NaN },
  photosVerified: { kind: 'stored', value: (ad) => (ad.photosVerified ? 1 : 0) },
  viewCount: { kind: 'live' },
  id: { kind: 'stored', value: (ad) => ad.id },
};

export interface SortKey<Name extends string = string> {
  factor: Name;
  descending: boolean;
  /** Ads without a value (NaN, NULL) come after the rest, whichever the direction. */
  nullsLast?: boolean;
}

const desc = (factor: RankFactorName): SortKey<RankFactorName> => ({ factor, descending: true });

/** Each order of /buscar, most significant key first; every one ends with the id, so that an order is total. */
export const SEARCH_ORDERS: Record<Sort, readonly SortKey<RankFactorName>[]> = {
  // The plan in force (VIP, Premium, the rest); "Disponible ahora" first within its tier; then turns and rotation.
  relevancia: [desc('tier'), desc('availableNow'), desc('searchRank'), desc('id')],
  recientes: [desc('publishedAt'), desc('id')],
  populares: [desc('viewCount'), desc('id')],
  'precio-menor': [{ factor: 'price', descending: false, nullsLast: true }, desc('id')],
  'precio-mayor': [{ factor: 'price', descending: true, nullsLast: true }, desc('id')],
  verificados: [desc('photosVerified'), desc('searchRank'), desc('id')],
};

/** A ranking: its factors and its orders. Tests give others (a new factor) to the functions that derive from it. */
export interface Ranking {
  factors: Readonly<Record<string, RankFactor>>;
  orders: Readonly<Record<string, readonly SortKey[]>>;
}
export const RANKING: Ranking = { factors: RANK_FACTORS, orders: SEARCH_ORDERS };

/**
 * The keys an order sorts by when only the clock factors `on` says are on (the others are 0 for every ad: they
 * sort nothing), without a key that the next one makes redundant (a factor coarser than the next key's factor, in the
 * same direction). With nobody "Disponible ahora", the default order is then the stored rank alone, which the
 * database reads from an index.
 */
export function effectiveKeys(keys: readonly SortKey[], factors: Ranking['factors'], on: (factor: string) => boolean): SortKey[] {
  const kept = keys.filter((key) => factorOf(factors, key.factor).kind !== 'clock' || on(key.factor));
  return kept.filter((key, i) => {
    const factor = factorOf(factors, key.factor);
    const next = kept[i + 1];
    return !(factor.kind === 'stored' && next && factor.coarserThan === next.factor && next.descending === key.descending);
  });
}

/** Whether an order can be kept outside the database: it sorts by no live factor. */
export function isKeptOutsideDatabase(keys: readonly SortKey[], factors: Ranking['factors']): boolean {
  return keys.every((key) => factorOf(factors, key.factor).kind !== 'live');
}

export function factorOf(factors: Ranking['factors'], name: string): RankFactor {
  const factor = factors[name];
  if (!factor) throw new Error(`Unknown ranking factor: ${name}`);
  return factor;
}
