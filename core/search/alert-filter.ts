// The search a search alert follows (docs/decisions/038-favourites-and-alerts.md), in one canonical form, so that the
// same search asked twice is one alert, and where that search is on the site.
import { parseSearchParams, toSearchParams } from '#shared/search-filters.ts';

/** The canonical form of a search for an alert: the query string /buscar would use, without page and order. */
export function alertFilter(queryString: string): string {
  return toSearchParams({ ...parseSearchParams(new URLSearchParams(queryString)), pagina: 1, orden: 'relevancia' }).toString();
}

export function searchPathOf(filter: string): string {
  return filter ? `/buscar?${filter}` : '/buscar';
}
