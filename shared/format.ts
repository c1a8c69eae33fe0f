// Money, dates and catalogue labels as visitors in Buenos Aires read them; money, counts, categories, long dates,
// months and waits also in the visitor's language (currency stays ARS in every one: docs/decisions/070-languages.md).
import { findBarrio } from '#shared/catalogue.ts';
import { HTML_LANG, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { vocabularyLabel } from '#shared/i18n/vocabulary.ts';
import { durations } from '#shared/i18n/messages/durations.ts';
import { badges } from '#shared/i18n/messages/badges.ts';
import { fillText } from '#shared/i18n/fill.ts';

const perLocale = <F>(make: (lang: string) => F) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(HTML_LANG[locale])])) as Record<Locale, F>;
const money = perLocale((lang) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 }));
const count = perLocale((lang) => new Intl.NumberFormat(lang));
const TIME_ZONE = 'America/Argentina/Buenos_Aires';
const longDate = perLocale((lang) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: TIME_ZONE }));
// A calendar month ('2026-08') read at noon UTC of its 15th: the same month in every time zone.
const monthYear = perLocale((lang) => new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }));
const longDateTime = new Intl.DateTimeFormat('es-AR', { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone: TIME_ZONE });

export const formatMoney = (amount: number, locale: Locale = 'es') => money[locale].format(amount);
export const formatCount = (n: number, locale: Locale = 'es') => count[locale].format(n);
/** '25 de noviembre de 2026' ('25 de novembro de 2026', 'November 25, 2026'), the Buenos Aires day of an instant. */
export const formatLongDate = (when: Date | string | number, locale: Locale = 'es') => longDate[locale].format(new Date(when));
/** 'Agosto 2026' ('Agosto 2026', 'August 2026'): a calendar month 'YYYY-MM' as a table's column names it. */
export function formatMonth(month: string, locale: Locale = 'es'): string {
  const name = monthYear[locale].format(new Date(`${month}-15T12:00:00Z`)).replace(' de ', ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}
/** '25 de noviembre de 2026 a las 14:05', in Buenos Aires time. */
export const formatLongDateTime = (when: Date | string | number) => longDateTime.format(new Date(when));
export const categoryLabel = (value: string, locale: Locale = 'es') => vocabularyLabel(locale, 'categories', value);
/**
 * An ad's price per hour in words: 'desde $ 5.000 / hora' (`from`: its 1-hour rates differ), 'Precio a consultar'
 * without one. What a heart's favourite shows on the favourites page, written there in that page's language.
 */
export function hourlyPriceText(pricePerHour: number | null, from: boolean, locale: Locale = 'es'): string {
  const texts = badges[locale];
  if (pricePerHour === null) return texts.askPrice;
  return [from && texts.from, formatMoney(pricePerHour, locale), texts.hour].filter(Boolean).join(' ');
}
export const barrioName = (slug: string | null) => (slug ? (findBarrio(slug)?.name ?? slug) : 'CABA');

/**
 * A wait in plain words, rounded to the minute: 'menos de 1 min', '45 min', '2 h 10 min', '2 días 4 h', '3 días'
 * ('2 dias 4 h', '2 days 4 h'; shared/i18n/messages/durations.ts).
 */
export function formatDuration(ms: number, locale: Locale = 'es'): string {
  const words = durations[locale];
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return words.underMinute;
  if (minutes < 60) return fillText(words.minutes, { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? fillText(words.hoursMinutes, { hours, minutes: minutes % 60 }) : fillText(words.hours, { hours });
  const days = Math.floor(hours / 24);
  return hours % 24 ? fillText(words.daysHours, { days, hours: hours % 24 }) : fillText(words.days, { days });
}
