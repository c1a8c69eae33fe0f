// The search form, rendered on the server only: a plain GET form that works without JavaScript. Once the age gate is
// answered, site/lib/search-form.ts makes every change fetch /buscar/resultados and swap the results in place.
// Uncontrolled fields (default values): that script sets them again to show another search.
import { advancedFilterCount, type SearchFilters } from '#shared/search-filters.ts';
import { AdvancedFilters, MainFilters } from './filter-fields.tsx';

export default function SearchForm(props: { filters: SearchFilters }) {
  const count = advancedFilterCount(props.filters);
  return (
    <form className="filters card" action="/buscar" method="get" role="search" aria-label="Filtros de búsqueda" data-search-form="">
      <MainFilters filters={props.filters} />
      {/* "Filtros avanzados" starts open when one of them is in use; after that the visitor opens and closes it. */}
      <AdvancedFilters filters={props.filters} open={count > 0} count={count} />
      <div className="filters__actions">
        <button type="submit" className="btn btn-primary">
          Buscar
        </button>
        <a className="btn btn-outline" href="/buscar" data-clear-form="">
          Limpiar filtros
        </a>
      </div>
    </form>
  );
}
