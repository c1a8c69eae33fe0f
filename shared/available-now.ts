// "Disponible ahora" and "Hoy no atiendo" (docs/decisions/032-available-now.md): the advertiser's own switch on top
// of the weekly schedule. What the account's buttons, the API and the badges share.
import { z } from 'zod';
import { TIME_ZONE } from './availability.ts';
import { badges } from './i18n/messages/badges.ts';
import { fillText } from './i18n/fill.ts';
import type { Locale } from './i18n/locales.ts';

/** The lengths an advertiser can switch "Disponible ahora" on for, in hours: one tap each. */
export const AVAILABLE_HOURS = [1, 2, 4] as const;
export type AvailableHours = (typeof AVAILABLE_HOURS)[number];
/** Windows of "Disponible ahora" per ad and Buenos Aires day; one ended early still counts. */
export const DAILY_AVAILABLE_WINDOWS = 3;

export type WindowKind = 'available' | 'off';

/** A window of an ad, its times in milliseconds: what the search index keeps and the ranking reads. */
export interface AdWindow {
  kind: WindowKind;
  startsAt: number;
  endsAt: number;
}

/** Whether one of `windows` of `kind` is in force at `nowMs` (started, not ended). */
export function windowInForce(windows: readonly AdWindow[] | undefined, kind: WindowKind, nowMs: number): boolean {
  return windows !== undefined && windows.some((w) => w.kind === kind && w.startsAt <= nowMs && w.endsAt > nowMs);
}

/**
 * How long "Disponible ahora" lifts an ad in the default order (decision 064): the first hour of each window; the
 * badge stays for the whole window. With at most DAILY_AVAILABLE_WINDOWS a day, the lift is at most three hours a day.
 */
export const AVAILABLE_LIFT_MS = 60 * 60_000;

/** Whether an "available" window lifts its ad at `nowMs`: in force, and started less than AVAILABLE_LIFT_MS ago. */
export function liftedAt(windows: readonly AdWindow[] | undefined, nowMs: number): boolean {
  if (!windows || windowInForce(windows, 'off', nowMs)) return false;
  return windows.some((w) => w.kind === 'available' && w.startsAt <= nowMs && w.endsAt > nowMs && nowMs - w.startsAt < AVAILABLE_LIFT_MS);
}

/** "Disponible ahora" on at `nowMs`, and not "Hoy no atiendo". */
export function switchedOnAt(windows: readonly AdWindow[] | undefined, nowMs: number): boolean {
  return windowInForce(windows, 'available', nowMs) && !windowInForce(windows, 'off', nowMs);
}

/**
 * The end of the "Disponible ahora" window in force at `nowMs` (the latest, if several), unless "Hoy no atiendo"
 * holds then: what the badge of a card or an ad page says; null when it is not on.
 */
export function availableUntilAt(windows: readonly AdWindow[] | undefined, nowMs: number): number | null {
  if (!windows || windowInForce(windows, 'off', nowMs)) return null;
  let until: number | null = null;
  for (const w of windows)
    if (w.kind === 'available' && w.startsAt <= nowMs && w.endsAt > nowMs && (until === null || w.endsAt > until)) until = w.endsAt;
  return until;
}

export const availableNowBody = z.object({
  hours: z.literal(AVAILABLE_HOURS, 'Elegí por cuánto tiempo: 1, 2 o 4 horas.'),
});

/** Where an ad stands now, as its owner sees it (ISO instants, null when not on). */
export interface AdAvailability {
  /** The end of the "Disponible ahora" window running now. */
  availableUntil: string | null;
  /** The end of "Hoy no atiendo" (the next Buenos Aires midnight) while it holds. */
  offUntil: string | null;
  /** How many more windows the ad may start today. */
  windowsLeftToday: number;
}

const clock = new Intl.DateTimeFormat('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });

/** '21:30': the Buenos Aires time of an instant, as the badges and the account show an end. */
export function formatClockTime(when: Date | string | number): string {
  return clock.format(new Date(when));
}

/** The badge's text: 'Disponible ahora · hasta 21:30' (Buenos Aires time in every language). */
export function availableBadgeText(until: Date | string | number, locale: Locale = 'es'): string {
  return fillText(badges[locale].availableUntil, { time: formatClockTime(until) });
}
