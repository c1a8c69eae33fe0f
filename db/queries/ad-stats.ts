// Each ad's daily counts (docs/decisions/034-ad-statistics.md): written in batches by the process that counted them
// (api/services/ad-stats.ts), read by the advertiser's statistics page, the admin panel and the data export.
import type { Knex } from 'knex';
import { Ad, Payment } from '#db/models/index.ts';
import { insertMany } from './insert-many.ts';
import { addCoverStats, deleteCoverStatsBefore } from './ad-cover-stats.ts';
import { PLAN_DAYS, addDays } from '#shared/plans.ts';
import { buenosAiresDate, shiftMonths } from '#shared/dates.ts';
import type { Category, Plan } from '#shared/catalogue.ts';
import { STATS_RETENTION_MONTHS, type DailyCounts, type StatsMarker, type Totals } from '#shared/ad-stats.ts';

/** Counts of one ad on one day, as counted since the last write. */
export type CountsToAdd = DailyCounts & { adId: number };

/**
 * Adds counts to the daily rows and the ads' running totals (view_count orders "populares"; phone_reveals is
 * every contact) and the counts per cover (ad-cover-stats.ts) in one transaction, ads in id order so that two processes never deadlock. Counts of ads deleted
 * meanwhile are dropped.
 */
export async function addAdStats(db: Knex, counts: CountsToAdd[]): Promise<void> {
  if (counts.length === 0) return;
  const sorted = [...counts].sort((a, b) => a.adId - b.adId || a.day.localeCompare(b.day));
  const ids = [...new Set(sorted.map((c) => c.adId))];
  await db.transaction(async (trx) => {
    const existing = new Set<number>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await trx('ads')
        .whereIn('id', ids.slice(i, i + 500))
        .select('id');
      for (const r of rows) existing.add(Number(r.id));
    }
    const kept = sorted.filter((c) => existing.has(c.adId));
    await insertMany(
      trx,
      'ad_daily_stats',
      kept.map((c) => ({
        ad_id: c.adId,
        day: c.day,
        impressions: c.impressions,
        views: c.views,
        phone_reveals: c.phoneReveals,
        whatsapp_opens: c.whatsappOpens,
      })),
      {
        conflict: ['ad_id', 'day'],
        set: Object.fromEntries(
          ['impressions', 'views', 'phone_reveals', 'whatsapp_opens'].map((c) => [c, `ad_daily_stats.${c} + excluded.${c}`]),
        ),
      },
    );
    await addCoverStats(trx, kept);
    const perAd = new Map<number, { views: number; contacts: number }>();
    for (const c of kept) {
      const sum = perAd.get(c.adId) ?? { views: 0, contacts: 0 };
      sum.views += c.views;
      sum.contacts += c.phoneReveals + c.whatsappOpens;
      perAd.set(c.adId, sum);
    }
    for (const [id, sum] of perAd) {
      if (sum.views === 0 && sum.contacts === 0) continue;
      await trx('ads')
        .where('id', id)
        .update({
          view_count: trx.raw('view_count + ?', [sum.views]),
          phone_reveals: trx.raw('phone_reveals + ?', [sum.contacts]),
        });
    }
  });
}

const toCounts = (r: Record<string, unknown>): DailyCounts => ({
  day: String(r.day),
  impressions: Number(r.impressions),
  views: Number(r.views),
  phoneReveals: Number(r.phone_reveals),
  whatsappOpens: Number(r.whatsapp_opens),
});

/** What an ad's statistics are compared by: its category and plan; null for an unknown id. */
export async function statsAdOf(db: Knex, adId: number): Promise<Pick<Ad, 'id' | 'category' | 'plan'> | null> {
  return (await Ad.query(db).findById(adId).select('id', 'category', 'plan')) ?? null;
}

/** The ad's rows from `from` to `to` (inclusive 'YYYY-MM-DD'), in day order; days with nothing counted are absent. */
export async function adDailyCounts(db: Knex, adId: number, from: string, to: string): Promise<DailyCounts[]> {
  const rows = await db('ad_daily_stats').where('ad_id', adId).whereBetween('day', [from, to]).orderBy('day');
  return rows.map(toCounts);
}

/**
 * Totals over the period of every published ad of a category and plan (an ad with nothing counted totals zero):
 * what the median ad is taken from.
 */
export async function tierTotals(db: Knex, tier: { category: Category; plan: Plan }, from: string, to: string): Promise<Totals[]> {
  const rows = await db('ads')
    .leftJoin('ad_daily_stats as s', function () {
      this.on('s.ad_id', 'ads.id').andOnBetween('s.day', [from, to]);
    })
    .where({ 'ads.state': 'published', 'ads.category': tier.category, 'ads.plan': tier.plan })
    .groupBy('ads.id')
    .select(
      db.raw('coalesce(sum(s.impressions), 0) as impressions'),
      db.raw('coalesce(sum(s.views), 0) as views'),
      db.raw('coalesce(sum(s.phone_reveals + s.whatsapp_opens), 0) as contacts'),
    );
  return rows.map((r) => ({ impressions: Number(r.impressions), views: Number(r.views), contacts: Number(r.contacts) }));
}

/** The paid plans the ad has had: one span per completed payment, from the period it bought to its end. */
export async function planSpans(db: Knex, adId: number): Promise<StatsMarker[]> {
  const payments = await Payment.query(db)
    .where({ ad_id: adId, status: 'completed' })
    .whereNotNull('plan')
    .whereNotNull('plan_until')
    .orderBy('plan_until')
    .select('plan', 'plan_until');
  return payments.map(({ plan, planUntil }) => ({
    kind: 'plan',
    plan: plan!,
    from: addDays(planUntil!, -PLAN_DAYS).toISOString(),
    until: planUntil!.toISOString(),
  }));
}

/** Every daily row of an advertiser's ads, for their data export. */
export async function advertiserDailyCounts(db: Knex, advertiserId: number): Promise<(DailyCounts & { adId: number })[]> {
  const rows = await db('ad_daily_stats as s')
    .join('ads', 'ads.id', 's.ad_id')
    .where('ads.advertiser_id', advertiserId)
    .orderBy(['s.ad_id', 's.day'])
    .select('s.*');
  return rows.map((r) => ({ adId: Number(r.ad_id), ...toCounts(r) }));
}

/** Deletes the rows, daily and per cover, past the 13 months of retention (Buenos Aires days); returns how many. Idempotent. */
export async function deleteExpiredAdStats(db: Knex, now = new Date()): Promise<number> {
  const firstKept = shiftMonths(buenosAiresDate(now), -STATS_RETENTION_MONTHS);
  const daily = await db('ad_daily_stats').where('day', '<', firstKept).delete();
  return daily + (await deleteCoverStatsBefore(db, firstKept));
}
