// "Disponible ahora" and "Hoy no atiendo" (docs/decisions/032-available-now.md): the windows an advertiser opens on
// their published ads, where each ad stands now, the windows in force that search filters and orders by, the
// history of an ad's windows (the statistics chart) and its retention.
import type { Knex } from 'knex';
import { AvailabilityWindow, Ad } from '#db/models/index.ts';
import { forUpdate } from '#db/dialect.ts';
import { buenosAiresDate, buenosAiresDayStart, shiftDate, shiftMonths } from '#shared/dates.ts';
import { DAILY_AVAILABLE_WINDOWS, type AdAvailability, type AvailableHours, type WindowKind } from '#shared/available-now.ts';

const HOUR_MS = 3_600_000;
/** Windows are kept this long after they end, as raw analytics are (decision 007): the chart shows 13 months at most. */
export const WINDOW_RETENTION_MONTHS = 13;

/** The Buenos Aires day of `now`: its first instant and the next day's (midnight, when "Hoy no atiendo" ends). */
export function buenosAiresDayBounds(now: Date): { start: Date; end: Date } {
  const today = buenosAiresDate(now);
  return { start: buenosAiresDayStart(today), end: buenosAiresDayStart(shiftDate(today, 0, 1)) };
}

/** The ids of ads with a window of `kind` in force at `now`, as a subquery for search. */
export function adsWithWindowAt(db: Knex, kind: WindowKind, now: Date): Knex.QueryBuilder {
  return db('availability_windows').select('ad_id').where('kind', kind).where('ends_at', '>', now).where('starts_at', '<=', now);
}

/** Whether any ad has "Disponible ahora" on at `now`: without one, search keeps its plain stored order. */
export async function anyAvailableWindowAt(db: Knex, now: Date): Promise<boolean> {
  return Boolean(await adsWithWindowAt(db, 'available', now).first());
}

/**
 * For each of these ads with "Disponible ahora" on at `now` (and not "Hoy no atiendo"), the end of its window: what
 * the badge of a card or an ad page says.
 */
export async function availableUntilOf(db: Knex, adIds: number[], now: Date): Promise<Map<number, Date>> {
  const until = new Map<number, Date>();
  if (adIds.length === 0) return until;
  const rows = await db('availability_windows')
    .whereIn('ad_id', adIds)
    .where('ends_at', '>', now)
    .where('starts_at', '<=', now)
    .select('ad_id', 'kind', 'ends_at');
  const off = new Set(rows.filter((r) => r.kind === 'off').map((r) => Number(r.ad_id)));
  for (const r of rows) {
    const id = Number(r.ad_id);
    const ends = new Date(r.ends_at);
    if (r.kind === 'available' && !off.has(id) && ends > (until.get(id) ?? 0)) until.set(id, ends);
  }
  return until;
}

/** Where each of these ads stands at `now`, as its owner sees it. */
export async function availabilityOf(db: Knex, adIds: number[], now = new Date()): Promise<Map<number, AdAvailability>> {
  const result = new Map<number, AdAvailability>(
    adIds.map((id) => [id, { availableUntil: null, offUntil: null, windowsLeftToday: DAILY_AVAILABLE_WINDOWS }]),
  );
  if (adIds.length === 0) return result;
  const { start, end } = buenosAiresDayBounds(now);
  // Those in force, and today's (which count against the daily limit even when ended early).
  const windows = await AvailabilityWindow.query(db)
    .whereIn('ad_id', adIds)
    .where((q) => q.where((inForce) => inForce.where('ends_at', '>', now).where('starts_at', '<=', now)).orWhere('starts_at', '>=', start));
  for (const w of windows) {
    const state = result.get(w.adId)!;
    const inForce = w.startsAt <= now && w.endsAt > now;
    if (inForce && w.kind === 'off' && w.endsAt.toISOString() > (state.offUntil ?? '')) state.offUntil = w.endsAt.toISOString();
    if (inForce && w.kind === 'available' && w.endsAt.toISOString() > (state.availableUntil ?? ''))
      state.availableUntil = w.endsAt.toISOString();
    if (w.kind === 'available' && w.startsAt >= start && w.startsAt < end) state.windowsLeftToday = Math.max(0, state.windowsLeftToday - 1);
  }
  for (const state of result.values()) if (state.offUntil) state.availableUntil = null;
  return result;
}

export type AvailabilityRefusal =
  /** Not the advertiser's ad, or no such ad. */
  'missing' | 'not_published' | 'already_available' | 'not_available' | 'off_today' | 'already_off' | 'not_off' | 'daily_limit';

/**
 * Runs a change of an ad's windows for its owner in one transaction, the ad's row locked (two taps at once are
 * taken one after the other: the second finds the first's window), and answers where the ad stands after it.
 */
async function changeWindows(
  db: Knex,
  advertiserId: number,
  adId: number,
  now: Date,
  options: { publishedOnly: boolean },
  change: (trx: Knex.Transaction, state: AdAvailability) => Promise<AvailabilityRefusal | void>,
): Promise<AdAvailability | AvailabilityRefusal> {
  return db.transaction(async (trx) => {
    const ad = await forUpdate(trx, Ad.query(trx).findById(adId).where('advertiser_id', advertiserId).select('id', 'state'));
    if (!ad) return 'missing';
    if (options.publishedOnly && ad.state !== 'published') return 'not_published';
    const refused = await change(trx, (await availabilityOf(trx, [adId], now)).get(adId)!);
    if (refused) return refused;
    return (await availabilityOf(trx, [adId], now)).get(adId)!;
  });
}

/** Ends the owner's windows of `kind` in force on an ad now; they stay in the history with this end. */
const endWindowsInForce = (trx: Knex.Transaction, adId: number, kind: WindowKind, now: Date) =>
  AvailabilityWindow.query(trx)
    .where({ ad_id: adId, kind })
    .where('ends_at', '>', now)
    .where('starts_at', '<=', now)
    .patch({ endsAt: now });

/** "Disponible ahora" for 1, 2 or 4 hours: on a published ad of the advertiser's, at most 3 times a Buenos Aires day. */
export function startAvailableWindow(
  db: Knex,
  advertiserId: number,
  adId: number,
  hours: AvailableHours,
  now = new Date(),
): Promise<AdAvailability | AvailabilityRefusal> {
  return changeWindows(db, advertiserId, adId, now, { publishedOnly: true }, async (trx, state) => {
    if (state.availableUntil) return 'already_available';
    if (state.offUntil) return 'off_today';
    if (state.windowsLeftToday === 0) return 'daily_limit';
    await AvailabilityWindow.query(trx).insert({
      adId,
      kind: 'available',
      startsAt: now,
      endsAt: new Date(now.getTime() + hours * HOUR_MS),
      createdAt: now,
    });
  });
}

/** Ends "Disponible ahora" before its time; the window still counts against the day's limit. */
export function endAvailableWindow(db: Knex, advertiserId: number, adId: number, now = new Date()) {
  return changeWindows(db, advertiserId, adId, now, { publishedOnly: false }, async (trx, state) => {
    if (!state.availableUntil) return 'not_available';
    await endWindowsInForce(trx, adId, 'available', now);
  });
}

/** "Hoy no atiendo": out of "ahora" and "hoy" until Buenos Aires midnight; ends "Disponible ahora" if it was on. */
export function startDayOff(db: Knex, advertiserId: number, adId: number, now = new Date()) {
  return changeWindows(db, advertiserId, adId, now, { publishedOnly: true }, async (trx, state) => {
    if (state.offUntil) return 'already_off';
    await endWindowsInForce(trx, adId, 'available', now);
    await AvailabilityWindow.query(trx).insert({ adId, kind: 'off', startsAt: now, endsAt: buenosAiresDayBounds(now).end, createdAt: now });
  });
}

/** Undoes "Hoy no atiendo" the same day: the schedule counts again from now. */
export function undoDayOff(db: Knex, advertiserId: number, adId: number, now = new Date()) {
  return changeWindows(db, advertiserId, adId, now, { publishedOnly: false }, async (trx, state) => {
    if (!state.offUntil) return 'not_off';
    await endWindowsInForce(trx, adId, 'off', now);
  });
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
