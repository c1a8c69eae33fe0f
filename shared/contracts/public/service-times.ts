// Service times (docs/decisions/065-service-times.md): how long staff took to decide, over the decisions of the last
// 7 days, computed every hour. Shown on /transparencia and, as "Espera habitual", beside what an advertiser has
// waiting in Mi cuenta. Counts and durations only.
import { formatDuration } from '#shared/format.ts';
import { durations } from '#shared/i18n/messages/durations.ts';
import type { Locale } from '#shared/i18n/locales.ts';

/** The kinds of staff decision timed; each one's name and what it measures are in shared/i18n/messages/service-times.ts. */
export const SERVICE_KINDS = ['identity_verification', 'ad_review', 'photo_verification', 'report'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** The window the figures cover: decisions made in the 7 days before the hour they were computed at. */
export const SERVICE_WINDOW_DAYS = 7;

export interface ServiceTime {
  kind: ServiceKind;
  /** Decisions in the window. */
  decisions: number;
  /** Milliseconds, nearest rank; null with no decision in the window. */
  medianMs: number | null;
  p95Ms: number | null;
}

export interface ServiceTimes {
  /** ISO instants: the window is [windowStart, computedAt); computedAt is the start of an hour. */
  windowStart: string;
  computedAt: string;
  times: Record<ServiceKind, ServiceTime>;
}

/** A figure as the pages write it: a wait in words, or 'Sin datos' ('Sem dados', 'No data') with no decision in the window. */
export const serviceTimeText = (ms: number | null, locale: Locale = 'es'): string =>
  ms === null ? durations[locale].noData : formatDuration(ms, locale);

/** What an advertiser reads beside something of theirs that waits for staff. */
export const usualWaitText = (medianMs: number | null): string =>
  medianMs === null
    ? `Espera habitual: sin datos (ninguna decisión en los últimos ${SERVICE_WINDOW_DAYS} días)`
    : `Espera habitual: ${formatDuration(medianMs)} (mediana de los últimos ${SERVICE_WINDOW_DAYS} días)`;
