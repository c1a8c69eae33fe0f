// An ad's statistics as its advertiser's page and the admin panel show them (docs/decisions/034-ad-statistics.md):
// the daily counts of a period, their totals, the median ad of the same category and plan, and the spans worth
// marking on the chart (paid plans in force; "Disponible ahora" windows), and what each cover photo got (amended 2026-11-28).
import type { Knex } from 'knex';
import { adDailyCounts, planSpans, tierTotals } from '#db/queries/ad-stats.ts';
import { adCoverCounts } from '#db/queries/ad-cover-stats.ts';
import { availabilityWindowsOverlapping } from '#db/queries/availability-windows.ts';
import { buenosAiresDate, buenosAiresDayStart, shiftDate } from '#shared/dates.ts';
import { fillDays, medianTotals, periodStart, totalsOf, type AdStats, type StatsPeriod, type Totals } from '#shared/ad-stats.ts';
import type { Category, Plan } from '#shared/catalogue.ts';
import { adImageUrl } from '#shared/photo-urls.ts';

export interface StatsAd {
  id: number;
  category: Category;
  plan: Plan;
}

/**
 * Medians of a category and plan, kept a few minutes per process: they sum a period of every ad of the tier (tens of
 * thousands of rows in a large category) and move slowly. A cache, not a record: each process may hold its own.
 */
const MEDIAN_TTL_MS = 10 * 60_000;
const medians = new Map<string, { at: number; value: Promise<{ totals: Totals; ads: number }> }>();

function tierMedian(db: Knex, ad: StatsAd, from: string, to: string, now: number) {
  const key = `${ad.category} ${ad.plan} ${from} ${to}`;
  const kept = medians.get(key);
  if (kept && now - kept.at < MEDIAN_TTL_MS) return kept.value;
  const value = tierTotals(db, ad, from, to).then((all) => ({ totals: medianTotals(all), ads: all.length }));
  value.catch(() => medians.delete(key));
  if (medians.size > 200) medians.clear();
  medians.set(key, { at: now, value });
  return value;
}

export async function adStatsReport(db: Knex, ad: StatsAd, period: StatsPeriod, now = new Date()): Promise<AdStats> {
  const to = buenosAiresDate(now);
  const from = periodStart(to, period);
  const [rows, median, plans, windows, covers] = await Promise.all([
    adDailyCounts(db, ad.id, from, to),
    tierMedian(db, ad, from, to, now.getTime()),
    planSpans(db, ad.id),
    availabilityWindowsOverlapping(db, ad.id, buenosAiresDayStart(from), buenosAiresDayStart(shiftDate(to, 0, 1))),
    adCoverCounts(db, ad.id, from, to),
  ]);
  // "Hoy no atiendo" days are not marked: the chart shows what the advertiser did to be seen.
  const available = windows
    .filter((w) => w.kind === 'available')
    .map((w) => ({ kind: 'available' as const, from: w.startsAt.toISOString(), until: w.endsAt.toISOString() }));
  const days = fillDays(rows, from, to);
  return {
    period,
    from,
    to,
    days,
    totals: totalsOf(days),
    median: { ...median.totals, ads: median.ads, category: ad.category, plan: ad.plan },
    markers: [...plans, ...available],
    // A deleted photo's file is gone: its figures stay, without a picture.
    covers: covers.map(({ fileKey, ...cover }) => ({ ...cover, thumbnail: fileKey === null ? null : adImageUrl(fileKey, 400) })),
  };
}
