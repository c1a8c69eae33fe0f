// The heading of a search ("Masajes en Palermo"), shared by the server render and the filters island.
import { findBarrio, findCategory, zoneLabel } from '#shared/catalogue.ts';
import { isZone, type SearchFilters } from '#shared/search-filters.ts';

export function searchHeading(f: Pick<SearchFilters, 'categoria' | 'zona'>): string {
  const where = f.zona ? (isZone(f.zona) ? `zona ${zoneLabel(f.zona)}` : (findBarrio(f.zona)?.name ?? 'CABA')) : 'CABA';
  const category = findCategory(f.categoria)?.label;
  return category ? `${category} en ${where}` : `Avisos en ${where}`;
}

export function pageTitle(heading: string): string {
  return `${heading} | Velada`;
}
