// Texts of the search form and the phone's filters sheet that the server renders and the browser updates after each
// search, in the page's language (shared/i18n/messages/search-live.ts).
import { formatCount } from '#shared/format.ts';
import { searchLive } from '#shared/i18n/messages/search-live.ts';
import { fillText } from '#shared/i18n/fill.ts';
import type { Locale } from '#shared/i18n/locales.ts';

/** The sheet's closing button: "Ver 1 resultado", "Ver 1.234 resultados". */
export function seeResults(total: number, locale: Locale = 'es'): string {
  const texts = searchLive[locale];
  return total === 1 ? texts.seeOne : fillText(texts.seeMany, { number: formatCount(total, locale) });
}

/** The button that opens the sheet: "Filtros (2)", or "Filtros" when no filter applies. */
export function filtersLabel(applied: number, locale: Locale = 'es'): string {
  const texts = searchLive[locale];
  return applied > 0 ? fillText(texts.filtersIn, { number: applied }) : texts.filters;
}

/** The summary of the advanced filters: "Filtros avanzados (2)", or "Filtros avanzados" when none is in use. */
export function advancedFiltersLabel(inUse: number, locale: Locale = 'es'): string {
  const texts = searchLive[locale];
  return inUse > 0 ? fillText(texts.advancedIn, { number: inUse }) : texts.advanced;
}
