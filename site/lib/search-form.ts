// The search form in place (site/server/search-form-html.ts, a plain GET form): once the age gate is answered,
// every change fetches the results alone (/buscar/resultados, /pt/busca/resultados…) and swaps the results in (site/lib/search-results-loader.ts), keeping the
// address in step; typing searches once the visitor pauses; "Limpiar filtros", the filter links of the results and
// the browser's back button set the fields again from the new search.
import { advancedFilterCount, parseSearchParams, toSearchParams, type SearchFilters } from '#shared/search-filters.ts';
import { advancedFiltersLabel } from './filters-sheet-texts.ts';
import { pageLocale } from './page-locale.ts';
import { keepSpokenLanguage } from './speaks-chip.ts';
import { listenToResultLinks, resultsLoader, type HistoryMode, type LoadOptions } from './search-results-loader.ts';

const TEXT_DEBOUNCE_MS = 350;

/** The form's values as the canonical query (unknown values and defaults left out, as the server reads it). */
function paramsFromForm(form: HTMLFormElement): URLSearchParams {
  const raw = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') raw.append(key, value);
  return toSearchParams(parseSearchParams(raw));
}

function showAdvancedCount(form: HTMLFormElement, filters: SearchFilters): number {
  const count = advancedFilterCount(filters);
  const summary = form.querySelector('[data-advanced-summary]');
  if (summary) summary.textContent = advancedFiltersLabel(count, pageLocale());
  return count;
}

/** Every field as the search `filters` has it, and "Filtros avanzados" open when one of them is in use. */
function fillForm(form: HTMLFormElement, filters: SearchFilters): void {
  const params = toSearchParams(filters);
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') field.checked = params.getAll(field.name).includes(field.value);
    else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement)
      field.value = field.name === 'orden' ? filters.orden : (params.get(field.name) ?? '');
  }
  const advanced = form.querySelector('details');
  if (advanced) advanced.open = showAdvancedCount(form, filters) > 0;
}

export function startSearchForm(form: HTMLFormElement): void {
  // The search's own address in the page's language (/buscar, /pt/busca): the form's action.
  const load = resultsLoader(new URL(form.action).pathname);
  let textTimer: ReturnType<typeof setTimeout> | undefined;
  // While typing, the first search of a burst adds a history entry and the following ones replace it.
  let typing = false;

  const apply = (history: HistoryMode = 'push') => {
    clearTimeout(textTimer);
    typing = false;
    const params = paramsFromForm(form);
    showAdvancedCount(form, parseSearchParams(params));
    void load(params, { history });
  };
  const reset = (params: URLSearchParams, options: LoadOptions) => {
    clearTimeout(textTimer);
    fillForm(form, parseSearchParams(params));
    void load(params, options);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLElement).getAttribute('name') !== 'q') apply();
  });
  form.querySelector('[name="q"]')?.addEventListener('input', () => {
    clearTimeout(textTimer);
    textTimer = setTimeout(() => {
      const history = typing ? 'replace' : 'push';
      apply(history);
      typing = true;
    }, TEXT_DEBOUNCE_MS);
  });
  form.querySelector('[data-clear-form]')?.addEventListener('click', (event) => {
    event.preventDefault();
    reset(new URLSearchParams(), { history: 'push' });
  });
  listenToResultLinks(load, reset);
  keepSpokenLanguage(reset);
  // The form answers from now on (the e2e suite waits for it).
  form.setAttribute('data-ready', '');
}
