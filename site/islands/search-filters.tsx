// The search form. Rendered on the server as a plain GET form (works without JavaScript); once hydrated,
// every change fetches /buscar/resultados and swaps the results in place, keeping the URL in step.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AGE_RANGES,
  ATTENTION_TYPES,
  AVAILABILITY_OPTIONS,
  CATEGORIES,
  LANGUAGES,
  PRICE_RANGES,
  SERVICE_TYPES,
  SORT_OPTIONS,
  VERIFICATION_FILTERS,
  ZONES,
} from '#shared/catalogue.ts';
import { MAX_TEXT_LENGTH, advancedFilterCount, parseSearchParams, toSearchParams, type SearchFilters } from '#shared/search-filters.ts';
import { pageTitle, searchHeading } from '#site/lib/search-heading.ts';
import { SEARCH_UPDATED_EVENT } from '#site/lib/search-updated.ts';

const RESULTS_ID = 'search-results';
const TEXT_DEBOUNCE_MS = 350;

/** The form's values as the canonical query (unknown values and defaults left out, as the server reads it). */
function paramsFromForm(form: HTMLFormElement): URLSearchParams {
  const raw = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') raw.append(key, value);
  return toSearchParams(parseSearchParams(raw));
}

type HistoryMode = 'push' | 'replace' | 'none';

export default function SearchFilters(props: { filters: SearchFilters }) {
  const [filters, setFilters] = useState(props.filters);
  const [formKey, setFormKey] = useState(0);
  // "Filtros avanzados" starts open when one of them is in use; after that the visitor opens and closes it.
  const [advancedOpen, setAdvancedOpen] = useState(advancedFilterCount(props.filters) > 0);
  const formRef = useRef<HTMLFormElement>(null);
  const textTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const requestId = useRef(0);
  // While typing, the first search of a burst adds a history entry and the following ones replace it.
  const typing = useRef(false);

  const load = useCallback(async (params: URLSearchParams, options: { history: HistoryMode; focusResults?: boolean }) => {
    const results = document.getElementById(RESULTS_ID);
    if (!results) return;
    const query = params.toString();
    const url = `/buscar${query ? `?${query}` : ''}`;
    const id = ++requestId.current;
    results.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(`/buscar/resultados${query ? `?${query}` : ''}`, { headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      const html = await response.text();
      if (id !== requestId.current) return; // a newer search has started
      results.innerHTML = html;
      if (options.history === 'push') history.pushState(null, '', url);
      if (options.history === 'replace') history.replaceState(null, '', url);
      // Heading, title and the announced count follow the new search.
      const heading = searchHeading(parseSearchParams(params));
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
      if (id === requestId.current) location.assign(url);
    } finally {
      if (id === requestId.current) results.removeAttribute('aria-busy');
    }
  }, []);

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
    (params: URLSearchParams, options: { history: HistoryMode; focusResults?: boolean }) => {
      clearTimeout(textTimer.current);
      const next = parseSearchParams(params);
      setFilters(next);
      setAdvancedOpen(advancedFilterCount(next) > 0);
      setFormKey((k) => k + 1);
      void load(params, options);
    },
    [load],
  );

  useEffect(() => {
    const results = document.getElementById(RESULTS_ID);
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-page-link], a[data-clear-filters], a[data-remove-filter]');
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      const params = new URLSearchParams(new URL(link.href).search);
      // Clearing or removing filters changes the form too: it is drawn again from the new query.
      if (link.hasAttribute('data-clear-filters') || link.hasAttribute('data-remove-filter'))
        reset(params, { history: 'push', focusResults: true });
      else void load(params, { history: 'push', focusResults: true });
    };
    const onPopState = () => reset(new URLSearchParams(location.search), { history: 'none' });
    results?.addEventListener('click', onClick);
    window.addEventListener('popstate', onPopState);
    return () => {
      results?.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPopState);
    };
  }, [load, reset]);

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
      <div className="filters__row">
        <div className="field filters__text">
          <label htmlFor="filtro-q">Buscar</label>
          <input
            id="filtro-q"
            name="q"
            type="search"
            maxLength={MAX_TEXT_LENGTH}
            defaultValue={filters.text}
            placeholder="Buscá por barrio, zona o nombre"
            autoComplete="off"
            onInput={() => {
              clearTimeout(textTimer.current);
              textTimer.current = setTimeout(() => {
                const history = typing.current ? 'replace' : 'push';
                apply(history);
                typing.current = true;
              }, TEXT_DEBOUNCE_MS);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="filtro-categoria">Categoría</label>
          <select id="filtro-categoria" name="categoria" defaultValue={filters.categoria ?? ''}>
            <option value="">Todas las categorías</option>
            {CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-zona">Zona</label>
          <select id="filtro-zona" name="zona" defaultValue={filters.zona ?? ''}>
            <option value="">Toda CABA</option>
            {ZONES.map((z) => (
              <optgroup key={z.value} label={`Zona ${z.label}`}>
                <option value={z.value}>Toda la zona {z.label}</option>
                {z.barrios.map((b) => (
                  <option key={b.slug} value={b.slug}>
                    {b.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-disponibilidad">Disponibilidad</label>
          <select id="filtro-disponibilidad" name="disponibilidad" defaultValue={filters.disponibilidad ?? ''}>
            <option value="">Cualquiera</option>
            {AVAILABILITY_OPTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-orden">Ordenar por</label>
          <select id="filtro-orden" name="orden" defaultValue={filters.orden}>
            {SORT_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <details className="filters__advanced" open={advancedOpen}>
        <summary>Filtros avanzados{advancedCount > 0 && ` (${advancedCount})`}</summary>
        <div className="filters__groups">
          <div className="field">
            <label htmlFor="filtro-precio">Precio por hora</label>
            <select id="filtro-precio" name="precio" defaultValue={filters.precio ?? ''}>
              <option value="">Cualquier precio</option>
              {PRICE_RANGES.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filtro-edad">Edad</label>
            <select id="filtro-edad" name="edad" defaultValue={filters.edad ?? ''}>
              <option value="">Cualquier edad</option>
              {AGE_RANGES.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <CheckboxGroup legend="Verificación" name="verificacion" options={VERIFICATION_FILTERS} checked={filters.verificacion} />
          <CheckboxGroup legend="Idiomas" name="idioma" options={LANGUAGES} checked={filters.idioma} />
          <CheckboxGroup legend="Tipo de servicio" name="servicio" options={SERVICE_TYPES} checked={filters.servicio} />
          <CheckboxGroup legend="Tipo de atención" name="atencion" options={ATTENTION_TYPES} checked={filters.atencion} />
        </div>
      </details>

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

function CheckboxGroup(props: { legend: string; name: string; options: readonly { value: string; label: string }[]; checked: string[] }) {
  return (
    <fieldset className="filters__group">
      <legend>{props.legend}</legend>
      {props.options.map((o) => {
        const id = `filtro-${props.name}-${o.value}`;
        return (
          <div className="filters__check" key={o.value}>
            <input id={id} type="checkbox" name={props.name} value={o.value} defaultChecked={props.checked.includes(o.value)} />
            <label htmlFor={id}>{o.label}</label>
          </div>
        );
      })}
    </fieldset>
  );
}
