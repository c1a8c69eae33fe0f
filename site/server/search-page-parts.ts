// The parts of the search page (/buscar, /pt/busca, /en/search) that depend on the request: what the page renders with
// Astro, and what a search miss fills into the page's shell without rendering (docs/decisions/058-page-shells.md). One
// function makes them for both, so the two can never differ. Each language has its own shells.
import type { Html } from '#shared/html.ts';
import { markupMarker, textMarker, type ShellPage, type ShellValues } from '#shared/page-shell.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { appliedFilters } from '#shared/applied-filters.ts';
import { searchIndexing } from '#shared/search-engines.ts';
import { searchResults } from '#core/search/search-results.ts';
import { searchHeading } from '#site/lib/search-heading.ts';
import { filtersLabel, seeResults } from '#site/lib/filters-sheet-texts.ts';
import { searchFormHtml } from './search-form-html.ts';
import { searchResultsHtml } from './search-results-html.ts';
import { LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { pathIn } from '#shared/i18n/routes.ts';

export interface SearchPageParts {
  /** "Masajes en Palermo": the title, the description and the heading. */
  heading: string;
  /** The canonical address (path and query) of an indexed search; unused when `noindex`. */
  canonical: string;
  /** The same search in each language (path and query): hreflang and the language switcher. */
  alternateEs: string;
  alternatePt: string;
  alternateEn: string;
  noindex: boolean;
  /** Where the age gate's form without JavaScript comes back to. */
  returnTo: string;
  /** The phone's "Filtros (n)" button. */
  filtersLabel: string;
  form: Html;
  /** The phone sheet's "Ver N resultados". */
  seeResults: string;
  results: Html;
}

/** The page's parts for a request (its normalized URL), with the ads it lists. */
export async function searchPageParts(
  locals: Pick<App.Locals, 'db' | 'searchIndex' | 'photosUrl'>,
  url: URL,
  locale: Locale = 'es',
): Promise<{ parts: SearchPageParts; listed: number[] }> {
  const filters = parseSearchParams(url.searchParams);
  const result = await searchResults(locals.db, filters, { searchIndex: locals.searchIndex });
  // Which searches search engines index, and under which address (docs/decisions/036-search-engines.md).
  const indexing = searchIndexing(filters);
  // The same search in each language: its canonical address there (a landing page's in that language), or itself.
  const alternate = (l: Locale) => (indexing.canonical ? pathIn(l, indexing.canonical) : pathIn(l, '/buscar') + url.search);
  const parts: SearchPageParts = {
    heading: searchHeading(filters, locale),
    canonical: alternate(locale),
    alternateEs: alternate('es'),
    alternatePt: alternate('pt'),
    alternateEn: alternate('en'),
    noindex: indexing.robots !== null,
    returnTo: url.pathname + url.search,
    filtersLabel: filtersLabel(appliedFilters(filters).length, locale),
    form: searchFormHtml(filters, locale),
    seeResults: seeResults(result.total, locale),
    results: searchResultsHtml(result, filters, { photosUrl: locals.photosUrl, locale }),
  };
  return { parts, listed: result.ads.map((ad) => ad.id) };
}

/** The parts as markers, for the shell of the indexed page or of the noindex one. */
export function searchPageMarkers(noindex: boolean): SearchPageParts {
  return {
    heading: textMarker('heading'),
    canonical: textMarker('canonical'),
    alternateEs: textMarker('alternateEs'),
    alternatePt: textMarker('alternatePt'),
    alternateEn: textMarker('alternateEn'),
    noindex,
    returnTo: textMarker('returnTo'),
    filtersLabel: textMarker('filtersLabel'),
    form: markupMarker('form'),
    seeResults: textMarker('seeResults'),
    results: markupMarker('results'),
  };
}

/** What fills a shell's markers. */
export function shellValuesOf({ noindex: _, ...values }: SearchPageParts): ShellValues {
  return values;
}

/** The search page in `locale` as the server fills it on a miss (api/render-cache/shell-pages.ts). */
function searchPageShellIn(locale: Locale): ShellPage {
  const path = pathIn(locale, '/buscar');
  return {
    path,
    shells: { indexed: { searchPageShell: { noindex: false } }, noindex: { searchPageShell: { noindex: true } } },
    async partsOf(locals, url) {
      const { parts, listed } = await searchPageParts(locals, url, locale);
      return { shell: parts.noindex ? 'noindex' : 'indexed', values: shellValuesOf(parts), listed };
    },
    // Every search, a category (indexed under /buscar), a category in a barrio (indexed under its landing page), and
    // searches that are not indexed: text to escape in the form, the address and the chips, advanced filters, a later
    // page, a search that finds nothing.
    checkUrls: [
      '',
      '?categoria=masajes',
      '?categoria=masajes&zona=palermo',
      '?q=%22a%26b%22+%3Cc%3E%27&orden=recientes',
      '?disponibilidad=hoy&precio=5000-10000&idioma=espanol&idioma=ingles&pagina=2',
      '?q=zzzz-sin-resultados',
    ].map((query) => path + query),
  };
}

/** The search page in each language. */
export const searchPageShells: readonly ShellPage[] = LOCALES.map(searchPageShellIn);
