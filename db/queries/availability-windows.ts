// "Disponible ahora" and "Hoy no atiendo" (docs/decisions/032-available-now.md) in the database: the windows an
// advertiser opens on their published ads (the rules are core/own-ads/available-now.ts), the windows in force that
// search filters and orders by, the history of an ad's windows (the statistics chart) and its retention.
import type { Knex } from 'knex';
import { AvailabilityWindow } from '#db/models/index.ts';
import { buenosAiresDate, buenosAiresDayStart, shiftMonths } from '#shared/dates.ts';
import { AVAILABLE_LIFT_MS, availableUntilAt, type AdWindow, type WindowKind } from '#shared/available-now.ts';

/** Windows are kept this long after they end, as raw analytics are (decision 007): the chart shows 13 months at most. */
export const WINDOW_RETENTION_MONTHS = 13;

/** The ids of ads with a window of `kind` in force at `now`, as a subquery for search. */
export function adsWithWindowAt(db: Knex, kind: WindowKind, now: Date): Knex.QueryBuilder {
  return db('availability_windows').select('ad_id').where('kind', kind).where('ends_at', '>', now).where('starts_at', '<=', now);
}

/** The ids of ads whose "Disponible ahora" lifts them at `now` (liftedAt of shared/available-now.ts, bar "off"). */
export function adsLiftedAt(db: Knex, now: Date): Knex.QueryBuilder {
  return adsWithWindowAt(db, 'available', now).where('starts_at', '>', new Date(now.getTime() - AVAILABLE_LIFT_MS));
}

/** Whether any ad is lifted by "Disponible ahora" at `now`: without one, search keeps its plain stored order. */
export async function anyLiftedAt(db: Knex, now: Date): Promise<boolean> {
  return Boolean(await adsLiftedAt(db, now).first());
}

/**
 * For each of these ads with "Disponible ahora" on at `now` (and not "Hoy no atiendo"), the end of its window: what
 * the badge of an ad page says (availableUntilAt, the cards' rule too).
 */
export async function availableUntilOf(db: Knex, adIds: number[], now: Date): Promise<Map<number, Date>> {
  const until = new Map<number, Date>();
  for (const [adId, windows] of await windowsNotEndedOf(db, adIds, now)) {
    const end = availableUntilAt(windows, now.getTime());
    if (end !== null) until.set(adId, new Date(end));
  }
  return until;
}

/**
 * The windows not ended at `now` (in force or to come), by ad, their times in milliseconds: of these ads, or of every
 * ad (the search index keeps those of the ads it holds).
 */
export async function windowsNotEndedOf(db: Knex, adIds: number[] | 'all', now: Date): Promise<Map<number, AdWindow[]>> {
  const byAd = new Map<number, AdWindow[]>();
  if (adIds !== 'all' && adIds.length === 0) return byAd;
  const query = AvailabilityWindow.query(db).where('ends_at', '>', now).select('ad_id', 'kind', 'starts_at', 'ends_at');
  if (adIds !== 'all') query.whereIn('ad_id', adIds);
  for (const { adId, kind, startsAt, endsAt } of await query) {
    const list = byAd.get(Number(adId)) ?? [];
    list.push({ kind, startsAt: new Date(startsAt).getTime(), endsAt: new Date(endsAt).getTime() });
    byAd.set(Number(adId), list);
  }
  return byAd;
}

/**
 * The windows of these ads that are in force at `now` or started since `dayStart` (today's, which count against the
 * daily limit even when ended early): what core/own-ads/available-now.ts reads where each ad stands from.
 */
export async function windowsInForceOrSince(db: Knex, adIds: number[], now: Date, dayStart: Date): Promise<AvailabilityWindow[]> {
  return await AvailabilityWindow.query(db)
    .whereIn('ad_id', adIds)
    .where((q) =>
      q.where((inForce) => inForce.where('ends_at', '>', now).where('starts_at', '<=', now)).orWhere('starts_at', '>=', dayStart),
    );
}

/** A new window on an ad, in the caller's transaction. */
export async function insertAvailabilityWindow(
  trx: Knex,
  window: { adId: number; kind: WindowKind; startsAt: Date; endsAt: Date },
  now: Date,
): Promise<void> {
  await AvailabilityWindow.query(trx).insert({ ...window, createdAt: now });
}

/** Ends an ad's windows of `kind` in force now; they stay in the history with this end. */
export async function endWindowsInForce(trx: Knex, adId: number, kind: WindowKind, now: Date): Promise<void> {
  await AvailabilityWindow.query(trx)
    .where({ ad_id: adId, kind })
    .where('ends_at', '>', now)
    .where('starts_at', '<=', now)
    .patch({ endsAt: now });
}

export interface AvailabilityWindowSpan {
  kind: WindowKind;
  startsAt: Date;
  endsAt: Date;
}

/**
 * An ad's windows that overlap [from, to), oldest first, with their actual start and end (an ended-early window
 * ends when it was ended): for the markers on the advertiser's statistics chart. Callers check the ad is theirs.
 */
export async function availabilityWindowsOverlapping(db: Knex, adId: number, from: Date, to: Date): Promise<AvailabilityWindowSpan[]> {
  const rows = await AvailabilityWindow.query(db)
    .where('ad_id', adId)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .orderBy('id');
  return rows.map((w) => ({ kind: w.kind, startsAt: w.startsAt, endsAt: w.endsAt }));
}

/**
 * Deletes windows that ended before the first Buenos Aires day still kept (13 months back); returns how many.
 * Idempotent; run by the hourly retention job (api/jobs.ts), so each run removes at most the day that just expired.
 */
export async function deleteExpiredAvailabilityWindows(db: Knex, now = new Date()): Promise<number> {
  const cutoff = buenosAiresDayStart(shiftMonths(buenosAiresDate(now), -WINDOW_RETENTION_MONTHS));
  return AvailabilityWindow.query(db).where('ends_at', '<', cutoff).delete();
}
