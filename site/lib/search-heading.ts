// The heading of a search ("Masajes en Palermo"), in the page's language, shared by the server render and the
// filters island; place names stay as the city writes them, "CABA" included.
import { findBarrio } from '#shared/catalogue.ts';
import { isZone, type SearchFilters } from '#shared/search-filters.ts';
import { searchLive } from '#shared/i18n/messages/search-live.ts';
import { fillText } from '#shared/i18n/fill.ts';
import { vocabularyLabel } from '#shared/i18n/vocabulary.ts';
import type { Locale } from '#shared/i18n/locales.ts';

export function searchHeading(f: Pick<SearchFilters, 'categoria' | 'zona'>, locale: Locale = 'es'): string {
  const texts = searchLive[locale];
  const place = !f.zona
    ? 'CABA'
    : isZone(f.zona)
      ? fillText(texts.zone, { zone: vocabularyLabel(locale, 'zones', f.zona) })
      : (findBarrio(f.zona)?.name ?? 'CABA');
  return f.categoria
    ? fillText(texts.categoryIn, { category: vocabularyLabel(locale, 'categories', f.categoria), place })
    : fillText(texts.adsIn, { place });
}

export function pageTitle(heading: string): string {
  return `${heading} | Velada`;
}
