// A search's results alone, as an HTML fragment in the page's language: what the filters island swaps in after a
// change (/buscar/resultados, /pt/busca/resultados, /en/search/resultados). Each page calls this in its own
// frontmatter: only a page's Astro.response sets the answer's headers.
import type { AstroGlobal } from 'astro';
import { parseSearchParams, type SearchFilters } from '#shared/search-filters.ts';
import { searchResults } from '#core/search/search-results.ts';
import { pageVariantOf } from '#shared/age-cookie.ts';
import type { SearchResultsView } from '#shared/contracts/public/search.ts';

export async function resultsFragment(astro: AstroGlobal): Promise<{ result: SearchResultsView; filters: SearchFilters }> {
  const filters = parseSearchParams(astro.url.searchParams);
  const result = await searchResults(astro.locals.db, filters, { searchIndex: astro.locals.searchIndex });
  astro.response.headers.set('Cache-Control', 'no-store');
  astro.response.headers.set('X-Robots-Tag', 'noindex');
  // No layout and no gate: the fragment is the same for both variants, so it may be kept under the one its key names.
  astro.locals.renderedVariant?.(pageVariantOf(astro.request.headers.get('cookie')));
  return { result, filters };
}
