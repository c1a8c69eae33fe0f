// An ad's statistics in the panel's Anuncios: the same report its advertiser sees (core/ad-stats/ad-stats-report.ts,
// docs/decisions/034-ad-statistics.md), for any ad.
import type { Knex } from 'knex';
import { adStatsReport } from '#core/ad-stats/ad-stats-report.ts';
import { statsAdOf } from '#db/queries/ad-stats.ts';
import type { AdStats, StatsPeriod } from '#shared/ad-stats.ts';
import { refuse } from '#core/refusals.ts';

export async function adStatsForStaff(db: Knex, adId: number, period: StatsPeriod, now = new Date()): Promise<AdStats> {
  const ad = await statsAdOf(db, adId);
  if (!ad) throw refuse('ad_missing');
  return adStatsReport(db, ad, period, now);
}
