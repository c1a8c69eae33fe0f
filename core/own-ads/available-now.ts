// "Disponible ahora" and "Hoy no atiendo" on one's own published ads (docs/decisions/032-available-now.md): where each
// ad stands now, as its owner sees it, and the four switches. "Disponible ahora" runs 1, 2 or 4 hours, at most
// DAILY_AVAILABLE_WINDOWS times a Buenos Aires day (one ended early still counts); "Hoy no atiendo" holds until
// Buenos Aires midnight and hides "Disponible ahora" while it does.
import type { Knex } from 'knex';
import { lockOwnAd } from '#db/queries/advertiser-ads.ts';
import { endWindowsInForce, insertAvailabilityWindow, windowsInForceOrSince } from '#db/queries/availability-windows.ts';
import { buenosAiresDate, buenosAiresDayStart, shiftDate } from '#shared/dates.ts';
import { DAILY_AVAILABLE_WINDOWS, type AdAvailability, type AvailableHours } from '#shared/available-now.ts';
import { refuse } from '#core/refusals.ts';

const HOUR_MS = 3_600_000;

/** The Buenos Aires day of `now`: its first instant and the next day's (midnight, when "Hoy no atiendo" ends). */
export function buenosAiresDayBounds(now: Date): { start: Date; end: Date } {
  const today = buenosAiresDate(now);
  return { start: buenosAiresDayStart(today), end: buenosAiresDayStart(shiftDate(today, 0, 1)) };
}

/** Where each of these ads stands at `now`, as its owner sees it (callers check the ads are theirs). */
export async function availabilityOf(db: Knex, adIds: number[], now = new Date()): Promise<Map<number, AdAvailability>> {
  const result = new Map<number, AdAvailability>(
    adIds.map((id) => [id, { availableUntil: null, offUntil: null, windowsLeftToday: DAILY_AVAILABLE_WINDOWS }]),
  );
  if (adIds.length === 0) return result;
  const { start, end } = buenosAiresDayBounds(now);
  for (const w of await windowsInForceOrSince(db, adIds, now, start)) {
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
  change: (trx: Knex.Transaction, state: AdAvailability) => Promise<void>,
): Promise<AdAvailability> {
  return db.transaction(async (trx) => {
    const ad = await lockOwnAd(trx, advertiserId, adId);
    if (!ad) throw refuse('own_ad_missing');
    if (options.publishedOnly && ad.state !== 'published') throw refuse('ad_not_published');
    await change(trx, (await availabilityOf(trx, [adId], now)).get(adId)!);
    return (await availabilityOf(trx, [adId], now)).get(adId)!;
  });
}

/** "Disponible ahora" for 1, 2 or 4 hours: on a published ad of the advertiser's, at most 3 times a Buenos Aires day. */
export function startAvailableWindow(
  db: Knex,
  advertiserId: number,
  adId: number,
  hours: AvailableHours,
  now = new Date(),
): Promise<AdAvailability> {
  return changeWindows(db, advertiserId, adId, now, { publishedOnly: true }, async (trx, state) => {
    if (state.availableUntil) throw refuse('already_available');
    if (state.offUntil) throw refuse('day_off');
    if (state.windowsLeftToday === 0) throw refuse('daily_available_limit');
    await insertAvailabilityWindow(trx, { adId, kind: 'available', startsAt: now, endsAt: new Date(now.getTime() + hours * HOUR_MS) }, now);
  });
}

/** Ends "Disponible ahora" before its time; the window still counts against the day's limit. */
export function endAvailableWindow(db: Knex, advertiserId: number, adId: number, now = new Date()) {
  return changeWindows(db, advertiserId, adId, now, { publishedOnly: false }, async (trx, state) => {
    if (!state.availableUntil) throw refuse('not_available_now');
    await endWindowsInForce(trx, adId, 'available', now);
  });
}

/** "Hoy no atiendo": out of "ahora" and "hoy" until Buenos Aires midnight; ends "Disponible ahora" if it was on. */
export function startDayOff(db: Knex, advertiserId: number, adId: number, now = new Date()) {
  return changeWindows(db, advertiserId, adId, now, { publishedOnly: true }, async (trx, state) => {
    if (state.offUntil) throw refuse('already_day_off');
    await endWindowsInForce(trx, adId, 'available', now);
    await insertAvailabilityWindow(trx, { adId, kind: 'off', startsAt: now, endsAt: buenosAiresDayBounds(now).end }, now);
  });
}

/** Undoes "Hoy no atiendo" the same day: the schedule counts again from now. */
export function undoDayOff(db: Knex, advertiserId: number, adId: number, now = new Date()) {
  return changeWindows(db, advertiserId, adId, now, { publishedOnly: false }, async (trx, state) => {
    if (!state.offUntil) throw refuse('not_day_off');
    await endWindowsInForce(trx, adId, 'off', now);
  });
}
