// One of one's own ads' statistics (/mi-cuenta/anuncios/{id}/estadisticas): the report staff also see
// (core/ad-stats/ad-stats-report.ts), for the advertiser's ad only.
import type { Knex } from 'knex';
import { ownAdHeading } from '#db/queries/advertiser-ads.ts';
import type { AdStats, StatsPeriod } from '#shared/ad-stats.ts';
import { adStatsReport } from '#core/ad-stats/ad-stats-report.ts';
import { isRecordId } from './own-ads.ts';

/** The ad's title and its statistics over the period; null when the ad is not theirs (or does not exist). */
export async function ownAdStats(
  db: Knex,
  advertiserId: number,
  adId: number,
  period: StatsPeriod,
  now = new Date(),
): Promise<{ ad: { id: number; title: string }; stats: AdStats } | null> {
  if (!isRecordId(adId)) return null;
  const ad = await ownAdHeading(db, advertiserId, adId);
  if (!ad) return null;
  return { ad: { id: ad.id, title: ad.title }, stats: await adStatsReport(db, ad, period, now) };
}
