// The one reading of the public catalogue that the in-memory search index is built from (db/search/).
import type { Knex } from 'knex';
import type { IndexRow } from '#db/search/index-row.ts';
import { windowsNotEndedOf } from './availability-windows.ts';
import { publicAds } from './search-ads.ts';
import { dialectOf } from '#db/dialect.ts';
import { refreshMarkedRanks } from './search-rank.ts';

/** Rows fetched per query: the driver builds each page of rows while the next is read, instead of 100,000 at once. */
const PAGE = 10_000;

const time = (value: Date | number | string | null): number | null => (value === null ? null : new Date(value).getTime());

/**
 * Every published ad with what search filters and orders by, in id order, and its availability windows not ended at
 * `now` (the index answers searches from then on; a window never starts before it is opened). Marked ranks are
 * refreshed first (docs/decisions/050-ranking.md).
 */
export async function loadIndexRows(db: Knex, now = new Date()): Promise<IndexRow[]> {
  await refreshMarkedRanks(db, now);
  const rows: IndexRow[] = [];
  // Every ad's: those of ads not published are never asked for.
  const windows = await windowsNotEndedOf(db, 'all', now);
  for (let afterId = 0; ;) {
    const page = await publicAds(db)
      .join('advertisers', 'advertisers.id', 'ads.advertiser_id')
      .where('ads.id', '>', afterId)
      .orderBy('ads.id')
      .limit(PAGE)
      .select(
        'ads.id',
        'ads.category',
        'ads.barrio',
        'ads.price_per_hour',
        'ads.search_rank',
        'ads.published_at',
        'ads.photos_verified',
        'ads.plan',
        'ads.plan_expires_at',
        'ads.days_mask',
        'ads.slots_mask',
        'ads.is_24h',
        'ads.open_schedule',
        'ads.languages_mask',
        'ads.services_mask',
        'ads.attention_mask',
        'ads.search_text',
        'advertisers.birth_date',
        'advertisers.verification_status',
        // PostgreSQL's own words (lexemes) of the ad, for the index to match text as the database does.
        ...(dialectOf(db) === 'postgres' ? [db.raw('tsvector_to_array(ads.search_vector) as words')] : []),
      );
    for (const r of page)
      rows.push({
        id: Number(r.id),
        category: r.category,
        barrio: r.barrio,
        pricePerHour: r.price_per_hour === null ? null : Number(r.price_per_hour),
        searchRank: Number(r.search_rank),
        publishedAt: time(r.published_at) ?? 0,
        photosVerified: Boolean(r.photos_verified),
        plan: r.plan,
        planExpiresAt: time(r.plan_expires_at),
        daysMask: Number(r.days_mask),
        slotsMask: Number(r.slots_mask),
        is24h: Boolean(r.is_24h),
        openSchedule: Boolean(r.open_schedule),
        languagesMask: Number(r.languages_mask),
        servicesMask: Number(r.services_mask),
        attentionMask: Number(r.attention_mask),
        birthDate: r.birth_date === null ? null : String(r.birth_date).slice(0, 10),
        advertiserVerified: r.verification_status === 'verified',
        searchText: r.search_text ?? '',
        ...(r.words ? { words: r.words as string[] } : {}),
        ...(windows.has(Number(r.id)) ? { windows: windows.get(Number(r.id))! } : {}),
      });
    if (page.length < PAGE) return rows;
    afterId = Number(page.at(-1).id);
  }
}
