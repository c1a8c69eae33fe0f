// The search a search alert follows (docs/decisions/038-favourites-and-alerts.md), in one canonical form, so that the
// same search asked twice is one alert, and where that search is on the site, in the alert's language.
import { parseSearchParams, toSearchParams } from '#shared/search-filters.ts';
import { pathIn } from '#shared/i18n/routes.ts';
import type { Locale } from '#shared/i18n/locales.ts';

/** The canonical form of a search for an alert: the query string /buscar would use, without page and order. */
export function alertFilter(queryString: string): string {
  return toSearchParams({ ...parseSearchParams(new URLSearchParams(queryString)), pagina: 1, orden: 'relevancia' }).toString();
}

/** The search's address: /buscar?…, /pt/busca?…, /en/search?… (the filters' values are the same in every language). */
export function searchPathOf(filter: string, locale: Locale = 'es'): string {
  return pathIn(locale, filter ? `/buscar?${filter}` : '/buscar');
}
