// An ad's rates table (docs/decisions/031-rates.md). Rates are written only by saveAdRates, which also sets the ad's
// price per hour (the lowest 1-hour rate) from the rows it wrote: search filters and sorts by that column, so the two
// must never disagree.
import type { Knex } from 'knex';
import { Ad, AdRate } from '#db/models/index.ts';
import { HOURLY, rateRows, ratesFromRows, type Rates } from '#shared/rates.ts';

/**
 * Replaces the ad's rates and derives its price per hour from them. Call it inside the transaction that writes the
 * rest of the ad, after the ad's own row (on PostgreSQL that update holds the row, so two saves of one ad queue
 * instead of meeting on the rates' unique key).
 */
export async function saveAdRates(trx: Knex, adId: number, rates: Rates): Promise<void> {
  await AdRate.query(trx).where('ad_id', adId).delete();
  const rows = rateRows(rates);
  // At most 12 rows: one multi-row insert through Knex (Objection inserts many rows only on PostgreSQL).
  if (rows.length) await trx('ad_rates').insert(rows.map((r) => ({ ad_id: adId, ...r })));
  // From the table, not from the input: whatever the rows say is what search reads.
  await Ad.query(trx)
    .findById(adId)
    .patch({ pricePerHour: AdRate.query(trx).where('ad_id', adId).where('duration', HOURLY).min('amount') });
}

/** The rates of each ad asked for (an ad without rates gets {}). */
export async function ratesOfAds(db: Knex, adIds: readonly number[]): Promise<Map<number, Rates>> {
  const byAd = new Map<number, Rates>(adIds.map((id) => [id, {}]));
  if (!adIds.length) return byAd;
  const rows = await AdRate.query(db).whereIn('ad_id', adIds).orderBy('id');
  const grouped = Map.groupBy(rows, (r) => r.adId);
  for (const [adId, list] of grouped) byAd.set(adId, ratesFromRows(list));
  return byAd;
}

export async function ratesOfAd(db: Knex, adId: number): Promise<Rates> {
  return (await ratesOfAds(db, [adId])).get(adId)!;
}
