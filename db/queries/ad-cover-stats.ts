// Each ad's counts per cover photo (docs/decisions/034-ad-statistics.md, amended 2026-11-28): written in the same transaction as the
// daily rows (ad-stats.ts), under the photo that was the ad's cover when the counts were written; read by the
// statistics report and the data export.
import type { Knex } from 'knex';
import type { CoverStats } from '#shared/ad-stats.ts';
import { insertMany } from './insert-many.ts';

/**
 * A cover's counts over a period (the days something was counted under it, the first and last, the totals), with the
 * file's key (null once the photo is deleted) where the report shows its thumbnail.
 */
export type CoverCounts = Omit<CoverStats, 'thumbnail'> & { fileKey: string | null };

/**
 * Adds appearances and views under each ad's cover now (its photo at position 0, the one its card shows), inside the
 * transaction that writes the daily rows, so that both come from the same counted events. Ads without a photo have
 * no cover and add nothing here.
 */
export async function addCoverStats(trx: Knex, counts: { adId: number; day: string; impressions: number; views: number }[]): Promise<void> {
  const shown = counts.filter((c) => c.impressions > 0 || c.views > 0);
  if (shown.length === 0) return;
  const ids = [...new Set(shown.map((c) => c.adId))];
  const covers = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx('ad_images')
      .whereIn('ad_id', ids.slice(i, i + 500))
      .where('position', 0)
      .select('ad_id', 'id');
    for (const r of rows) covers.set(Number(r.ad_id), Number(r.id));
  }
  const rows = shown.flatMap((c) => {
    const photoId = covers.get(c.adId);
    return photoId === undefined ? [] : [{ ad_id: c.adId, day: c.day, photo_id: photoId, impressions: c.impressions, views: c.views }];
  });
  await insertMany(trx, 'ad_cover_daily_stats', rows, {
    conflict: ['ad_id', 'day', 'photo_id'],
    set: {
      impressions: 'ad_cover_daily_stats.impressions + excluded.impressions',
      views: 'ad_cover_daily_stats.views + excluded.views',
    },
  });
}

/** The ad's covers with something counted from `from` to `to` (inclusive 'YYYY-MM-DD'), the earliest first. */
export async function adCoverCounts(db: Knex, adId: number, from: string, to: string): Promise<CoverCounts[]> {
  const rows = await db('ad_cover_daily_stats as s')
    .leftJoin('ad_images as p', function () {
      this.on('p.id', 's.photo_id').andOn('p.ad_id', 's.ad_id');
    })
    .where('s.ad_id', adId)
    .whereBetween('s.day', [from, to])
    .groupBy('s.photo_id', 'p.file_key', 'p.position')
    .orderByRaw('min(s.day), s.photo_id')
    .select(
      's.photo_id',
      'p.file_key',
      'p.position',
      db.raw('min(s.day) as first_day'),
      db.raw('max(s.day) as last_day'),
      db.raw('count(*) as days'),
      db.raw('sum(s.impressions) as impressions'),
      db.raw('sum(s.views) as views'),
    );
  return rows.map((r) => ({
    photoId: Number(r.photo_id),
    fileKey: r.file_key ?? null,
    current: r.position !== null && Number(r.position) === 0,
    firstDay: String(r.first_day),
    lastDay: String(r.last_day),
    days: Number(r.days),
    impressions: Number(r.impressions),
    views: Number(r.views),
  }));
}

/** Every per-cover row of an advertiser's ads, for their data export, with the cover's file key while it exists. */
export async function advertiserCoverCounts(db: Knex, advertiserId: number) {
  const rows = await db('ad_cover_daily_stats as s')
    .join('ads', 'ads.id', 's.ad_id')
    .leftJoin('ad_images as p', function () {
      this.on('p.id', 's.photo_id').andOn('p.ad_id', 's.ad_id');
    })
    .where('ads.advertiser_id', advertiserId)
    .orderBy(['s.ad_id', 's.day', 's.photo_id'])
    .select('s.*', 'p.file_key');
  return rows.map((r) => ({
    adId: Number(r.ad_id),
    day: String(r.day),
    fileKey: (r.file_key as string | null) ?? null,
    impressions: Number(r.impressions),
    views: Number(r.views),
  }));
}

/** Deletes the rows of days before `firstKept` ('YYYY-MM-DD'); returns how many. */
export function deleteCoverStatsBefore(db: Knex, firstKept: string): Promise<number> {
  return db('ad_cover_daily_stats').where('day', '<', firstKept).delete();
}
