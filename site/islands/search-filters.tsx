// The search form. Rendered on the server as a plain GET form (works without JavaScript); once hydrated,
// every change fetches /buscar/resultados and swaps the results in place, keeping the URL in step.
import { useCallback, useRef, useState } from 'react';
import { advancedFilterCount, parseSearchParams, toSearchParams, type SearchFilters } from '#shared/search-filters.ts';
import { useResultLinks, useResultsLoader, type HistoryMode, type LoadOptions } from './search/results-loader.ts';
import { AdvancedFilters, MainFilters } from './search/filter-fields.tsx';

const TEXT_DEBOUNCE_MS = 350;

/** The form's values as the canonical query (unknown values and defaults left out, as the server reads it). */
function paramsFromForm(form: HTMLFormElement): URLSearchParams {
  const raw = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') raw.append(key, value);
  return toSearchParams(parseSearchParams(raw));
}

export default function SearchFilters(props: { filters: SearchFilters }) {
  const [filters, setFilters] = useState(props.filters);
  const [formKey, setFormKey] = useState(0);
  // "Filtros avanzados" starts open when one of them is in use; after that the visitor opens and closes it.
  const [advancedOpen, setAdvancedOpen] = useState(advancedFilterCount(props.filters) > 0);
  const formRef = useRef<HTMLFormElement>(null);
  const textTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // While typing, the first search of a burst adds a history entry and the following ones replace it.
  const typing = useRef(false);

  const load = useResultsLoader();

  /** Searches with the form's values. */
  const apply = useCallback(
    (history: HistoryMode = 'push') => {
      clearTimeout(textTimer.current);
      typing.current = false;
      if (!formRef.current) return;
      const params = paramsFromForm(formRef.current);
      setFilters(parseSearchParams(params));
      void load(params, { history });
    },
    [load],
  );

  /** Shows the search of `params` with a fresh form (for "Limpiar filtros" and the browser's back button). */
  const reset = useCallback(
    (params: URLSearchParams, options: LoadOptions) => {
      clearTimeout(textTimer.current);
      const next = parseSearchParams(params);
      setFilters(next);
      setAdvancedOpen(advancedFilterCount(next) > 0);
      setFormKey((k) => k + 1);
      void load(params, options);
    },
    [load],
  );

  useResultLinks(load, reset);

  /** Typing searches once the visitor pauses. */
  function searchAfterTyping() {
    clearTimeout(textTimer.current);
    textTimer.current = setTimeout(() => {
      const history = typing.current ? 'replace' : 'push';
      apply(history);
      typing.current = true;
    }, TEXT_DEBOUNCE_MS);
  }

  const advancedCount = advancedFilterCount(filters);

  return (
    <form
      key={formKey}
      ref={formRef}
      className="filters card"
      action="/buscar"
      method="get"
      role="search"
      aria-label="Filtros de búsqueda"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      onChange={(e) => {
        if ((e.target as HTMLElement).getAttribute('name') === 'q') return;
        apply();
      }}
    >
      <MainFilters filters={filters} onTextInput={searchAfterTyping} />
      <AdvancedFilters filters={filters} open={advancedOpen} count={advancedCount} />

      <div className="filters__actions">
        <button type="submit" className="btn btn-primary">
          Buscar
        </button>
        <a
          className="btn btn-outline"
          href="/buscar"
          onClick={(e) => {
            e.preventDefault();
            reset(new URLSearchParams(), { history: 'push' });
          }}
        >
          Limpiar filtros
        </a>
      </div>
    </form>
  );
}
