// The versions of the legal texts (site/pages/terminos-condiciones.astro, site/pages/politicas-privacidad.astro): the
// date of each Spanish text's last change, which its page shows, and the version its summaries in the other languages
// were written from (site/components/legal-summary/, docs/decisions/070-languages.md). When a Spanish text changes,
// its date changes here, and shared/legal-texts.test.ts fails until the summaries are read again against it (and
// changed where the change touches them) and `summarized` moves to the same date.
import { HTML_LANG, type Locale } from './i18n/locales.ts';

export const LEGAL_TEXTS = {
  terms: { lastUpdated: '2026-11-28', summarized: '2026-11-28' },
  privacy: { lastUpdated: '2026-11-28', summarized: '2026-11-28' },
} as const;

/** A date of LEGAL_TEXTS as the page's language writes it: '28 de noviembre de 2026', 'November 28, 2026'. */
export function legalDateLabel(date: string, locale: Locale): string {
  // Noon in Buenos Aires, so that the calendar day never shifts when the date is formatted in that time zone.
  return new Intl.DateTimeFormat(HTML_LANG[locale], { dateStyle: 'long', timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(`${date}T12:00:00-03:00`),
  );
}
