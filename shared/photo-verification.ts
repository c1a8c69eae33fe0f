// "Fotos reales" (docs/decisions/033-photo-verification.md): the neutral gestures the server asks for in the
// verification selfie, the states of a request as the advertiser and staff read them, and the badge's date, age and
// expiry (docs/decisions/067-photo-trust.md). Shared by the API (which chooses and stores the gesture), the account's
// page, the panel and the public pages' badge script (site/lib/photo-badges.ts).
import { daysSinceEpochInBuenosAires } from './dates.ts';
import { TIME_ZONE } from './availability.ts';
import { badges } from './i18n/messages/badges.ts';
import { fillText } from './i18n/fill.ts';
import type { Locale } from './i18n/locales.ts';

/** Neutral gestures, easy to make and to see in a selfie; the stored value is the key. */
export const PHOTO_GESTURES = {
  'mano-abierta': 'Mano abierta junto a la cara',
  'pulgar-arriba': 'Pulgar arriba',
  'dos-dedos': 'Dos dedos en V',
  'tres-dedos': 'Tres dedos levantados',
  'indice-mejilla': 'Dedo índice tocando la mejilla',
  'mano-en-la-cabeza': 'Mano apoyada sobre la cabeza',
  'puno-menton': 'Puño cerrado debajo del mentón',
  'senalar-papel': 'Dedo índice señalando el papel',
} as const;
export type PhotoGesture = keyof typeof PHOTO_GESTURES;
export const GESTURE_KEYS = Object.keys(PHOTO_GESTURES) as PhotoGesture[];

export const gestureLabel = (gesture: string) => PHOTO_GESTURES[gesture as PhotoGesture] ?? gesture;

/**
 * awaiting_selfie: asked for, the gesture chosen, no selfie yet. pending: the selfie is in, staff have not decided.
 * approved: staff verified every photo. rejected: staff refused at least one photo (each with its reason).
 */
export type PhotoVerificationStatus = 'awaiting_selfie' | 'pending' | 'approved' | 'rejected';
/** The states in which a request is open: one per ad at a time. */
export const OPEN_PHOTO_VERIFICATION: readonly PhotoVerificationStatus[] = ['awaiting_selfie', 'pending'];

export const PHOTO_VERIFICATION_STATUS_TEXT: Record<PhotoVerificationStatus, string> = {
  awaiting_selfie: 'Falta la selfie',
  pending: 'Pendiente de revisión',
  approved: 'Aprobada',
  rejected: 'Con fotos rechazadas',
};

/**
 * The ad states in which its owner may ask for the check: published or paused (public now or again with a click),
 * and pending (waiting for review: the badge is ready when it is approved). Drafts still change; the rest are not
 * on their way to the public.
 */
export const PHOTO_VERIFIABLE_STATES = ['published', 'paused', 'pending'] as const;

const numericDay = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE } as const;
// Day first in Spanish and Portuguese; English spells the month (12/11 reads as December in the United States).
const shortDate: Record<Locale, Intl.DateTimeFormat> = {
  es: new Intl.DateTimeFormat('es-AR', numericDay),
  pt: new Intl.DateTimeFormat('pt-BR', numericDay),
  en: new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: TIME_ZONE }),
};
/** '12/11/2026' ('Nov 12, 2026' in English): the Buenos Aires day of an instant, as the badge shows it. */
export const formatShortDate = (when: Date | string | number, locale: Locale = 'es') => shortDate[locale].format(new Date(when));

/** A check holds this long: this many days after it, the ad stops showing "Fotos reales" until checked again. */
export const PHOTOS_VERIFIED_DAYS = 90;
/** The owner is reminded this many days before the badge ends (once per check). */
export const PHOTOS_REMINDER_DAYS = 7;
const DAY_MS = 86_400_000;

/** When a check made at `verifiedAt` stops counting: exactly PHOTOS_VERIFIED_DAYS days later. */
export const photosVerifiedUntil = (verifiedAt: Date | string | number) =>
  new Date(new Date(verifiedAt).getTime() + PHOTOS_VERIFIED_DAYS * DAY_MS);

/** Whether a check made at `verifiedAt` still holds at `now`. */
export const checkHolds = (verifiedAt: Date | string | number, now: Date) => now.getTime() < photosVerifiedUntil(verifiedAt).getTime();

/** Buenos Aires days from the check to `now` (0 on the same day). */
const verifiedDaysAgo = (verifiedAt: Date | string | number, now: Date) =>
  Math.max(0, daysSinceEpochInBuenosAires(now) - daysSinceEpochInBuenosAires(new Date(verifiedAt)));

/** 'verificadas hoy', 'verificadas hace 1 día', 'verificadas hace 12 días': what the advertiser's account says. */
export function verifiedAgoText(verifiedAt: Date | string | number, now: Date): string {
  const days = verifiedDaysAgo(verifiedAt, now);
  return days === 0 ? 'verificadas hoy' : `verificadas hace ${days} ${days === 1 ? 'día' : 'días'}`;
}

/**
 * The badge as the ad's page and cards show it, counted in Buenos Aires days since the check: 'Fotos reales ·
 * verificadas hoy', '… hace 1 día', '… hace 3 días'.
 */
export function photosBadgeText(verifiedAt: Date | string | number, now: Date, locale: Locale = 'es'): string {
  const days = verifiedDaysAgo(verifiedAt, now);
  const texts = badges[locale];
  return days === 0 ? texts.photosToday : days === 1 ? texts.photosOneDay : fillText(texts.photosDays, { days });
}
