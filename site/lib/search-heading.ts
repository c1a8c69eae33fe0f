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
  const category = f.categoria ? vocabularyLabel(locale, 'categories', f.categoria) : null;
  if (f.zona && isZone(f.zona)) {
    const zone = vocabularyLabel(locale, 'zones', f.zona);
    return category ? fillText(texts.categoryInZone, { category, zone }) : fillText(texts.adsInZone, { zone });
  }
  const place = (f.zona && findBarrio(f.zona)?.name) || 'CABA';
  return category ? fillText(texts.categoryIn, { category, place }) : fillText(texts.adsIn, { place });
}

export function pageTitle(heading: string): string {
  return `${heading} | Velada`;
}
