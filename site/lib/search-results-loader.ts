// How the search form shows a new search without a page load: its results alone fetched and swapped in, the
// address, heading, title and announced count kept in step; and the links inside the results (pages, clearing or
// removing a filter) and the browser's back button handled the same way.
import { parseSearchParams } from '#shared/search-filters.ts';
import { pageTitle, searchHeading } from '#site/lib/search-heading.ts';
import { SEARCH_UPDATED_EVENT } from '#site/lib/search-updated.ts';
import { pageLocale } from '#site/lib/page-locale.ts';
import { resultsPathOf } from '#shared/i18n/routes.ts';

const RESULTS_ID = 'search-results';

export type HistoryMode = 'push' | 'replace' | 'none';
export interface LoadOptions {
  history: HistoryMode;
  focusResults?: boolean;
}

export type LoadResults = (params: URLSearchParams, options: LoadOptions) => Promise<void>;

/**
 * `load` shows the search of `params` at `searchPath` (the search's address in the page's language); only the newest
 * search may land (an older answer arriving late is dropped).
 */
export function resultsLoader(searchPath: string): LoadResults {
  const locale = pageLocale();
  let latest = 0;
  return async (params, options) => {
    const results = document.getElementById(RESULTS_ID);
    if (!results) return;
    const query = params.toString();
    const url = `${searchPath}${query ? `?${query}` : ''}`;
    const id = ++latest;
    results.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(`${resultsPathOf(searchPath)}${query ? `?${query}` : ''}`, { headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      const html = await response.text();
      if (id !== latest) return; // a newer search has started
      results.innerHTML = html;
      if (options.history === 'push') history.pushState(null, '', url);
      if (options.history === 'replace') history.replaceState(null, '', url);
      // Heading, title and the announced count follow the new search.
      const heading = searchHeading(parseSearchParams(params), locale);
      const h1 = document.getElementById('search-heading');
      if (h1) h1.textContent = heading;
      document.title = pageTitle(heading);
      const status = document.getElementById('search-status');
      if (status) status.textContent = document.getElementById('results-count')?.textContent?.trim() ?? '';
      // The phone's filters button and sheet show the new count of filters and results.
      document.dispatchEvent(new CustomEvent(SEARCH_UPDATED_EVENT));
      if (options.focusResults) {
        const count = document.getElementById('results-count');
        count?.setAttribute('tabindex', '-1');
        count?.focus();
        results.scrollIntoView({ block: 'start' });
      }
    } catch {
      // Without a usable answer, fall back to an ordinary page load, unless a newer search took over.
      if (id === latest) location.assign(url);
    } finally {
      if (id === latest) results.removeAttribute('aria-busy');
    }
  };
}

/**
 * Links in the results: a page loads in place; clearing or removing filters draws the form again (`reset`), as
 * does the browser's back button.
 */
export function listenToResultLinks(load: LoadResults, reset: (params: URLSearchParams, options: LoadOptions) => void): void {
  document.getElementById(RESULTS_ID)?.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>(
      'a[data-page-link], a[data-clear-filters], a[data-remove-filter], a[data-add-filter]',
    );
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const params = new URLSearchParams(new URL(link.href).search);
    // Clearing, removing or adding filters changes the form too: it is drawn again from the new query.
    if (link.hasAttribute('data-clear-filters') || link.hasAttribute('data-remove-filter') || link.hasAttribute('data-add-filter'))
      reset(params, { history: 'push', focusResults: true });
    else void load(params, { history: 'push', focusResults: true });
  });
  window.addEventListener('popstate', () => reset(new URLSearchParams(location.search), { history: 'none' }));
}
