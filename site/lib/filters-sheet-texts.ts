// Texts of the search form and the phone's filters sheet that the server renders and the browser updates after each
// search.
import { formatCount } from '#shared/format.ts';

/** The sheet's closing button: "Ver 1 resultado", "Ver 1.234 resultados". */
export function seeResults(total: number): string {
  return total === 1 ? 'Ver 1 resultado' : `Ver ${formatCount(total)} resultados`;
}

/** The button that opens the sheet: "Filtros (2)", or "Filtros" when no filter applies. */
export function filtersLabel(applied: number): string {
  return applied > 0 ? `Filtros (${applied})` : 'Filtros';
}

/** The summary of the advanced filters: "Filtros avanzados (2)", or "Filtros avanzados" when none is in use. */
export function advancedFiltersLabel(inUse: number): string {
  return inUse > 0 ? `Filtros avanzados (${inUse})` : 'Filtros avanzados';
}
