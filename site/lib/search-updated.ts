// The event the search filters island sends on `document` after it swapped new results in: what shows counts taken
// from the results (the phone's "Filtros (n)" button, the sheet's "Ver N resultados") reads them again.
export const SEARCH_UPDATED_EVENT = 'velada:search-updated';
