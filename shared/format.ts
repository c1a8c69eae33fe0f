// Money, dates and catalogue labels as visitors in Buenos Aires read them; money, counts and categories also in the
// visitor's language (currency stays ARS in every one: docs/decisions/070-languages.md).
import { findBarrio } from '#shared/catalogue.ts';
import { HTML_LANG, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { vocabularyLabel } from '#shared/i18n/vocabulary.ts';

const perLocale = <F>(make: (lang: string) => F) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(HTML_LANG[locale])])) as Record<Locale, F>;
const money = perLocale((lang) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 }));
const count = perLocale((lang) => new Intl.NumberFormat(lang));
const TIME_ZONE = 'America/Argentina/Buenos_Aires';
const longDate = new Intl.DateTimeFormat('es-AR', { dateStyle: 'long', timeZone: TIME_ZONE });
const longDateTime = new Intl.DateTimeFormat('es-AR', { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone: TIME_ZONE });

export const formatMoney = (amount: number, locale: Locale = 'es') => money[locale].format(amount);
export const formatCount = (n: number, locale: Locale = 'es') => count[locale].format(n);
/** '25 de noviembre de 2026', the Buenos Aires day of an instant. */
export const formatLongDate = (when: Date | string | number) => longDate.format(new Date(when));
/** '25 de noviembre de 2026 a las 14:05', in Buenos Aires time. */
export const formatLongDateTime = (when: Date | string | number) => longDateTime.format(new Date(when));
export const categoryLabel = (value: string, locale: Locale = 'es') => vocabularyLabel(locale, 'categories', value);
export const barrioName = (slug: string | null) => (slug ? (findBarrio(slug)?.name ?? slug) : 'CABA');

/** A wait in plain words, rounded to the minute: 'menos de 1 min', '45 min', '2 h 10 min', '2 días 4 h', '3 días'. */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} días ${hours % 24} h` : `${days} días`;
}
