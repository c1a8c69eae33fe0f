// The filters a search applies, one entry per value, each with its label and the query of the same search without
// it: the removable chips above the results and the count on the phone's "Filtros (n)" button. Sort and page are
// not filters (a chip for them would remove nothing the visitor chose to narrow).
import {
  AGE_RANGES,
  ATTENTION_TYPES,
  AVAILABILITY_OPTIONS,
  LANGUAGES,
  PRICE_RANGES,
  SERVICE_TYPES,
  VERIFICATION_FILTERS,
  findBarrio,
  findCategory,
  labelOf,
  zoneLabel,
} from './catalogue.ts';
import { isZone, toSearchParams, type SearchFilters } from './search-filters.ts';

export interface AppliedFilter {
  /** What the chip shows: "Palermo", "Inglés", "“masajes”". */
  label: string;
  /** The query string of the same search without this filter, from its first page. */
  without: string;
}

const LISTS = [
  ['verificacion', VERIFICATION_FILTERS],
  ['idioma', LANGUAGES],
  ['servicio', SERVICE_TYPES],
  ['atencion', ATTENTION_TYPES],
] as const;

export function appliedFilters(f: SearchFilters): AppliedFilter[] {
  const chips: AppliedFilter[] = [];
  const add = (label: string, change: Partial<SearchFilters>) =>
    chips.push({ label, without: toSearchParams(f, { ...change, pagina: 1 }).toString() });

  if (f.text) add(`“${f.text}”`, { text: '' });
  if (f.categoria) add(findCategory(f.categoria)?.label ?? f.categoria, { categoria: undefined });
  if (f.zona) add(isZone(f.zona) ? `Zona ${zoneLabel(f.zona)}` : (findBarrio(f.zona)?.name ?? f.zona), { zona: undefined });
  if (f.disponibilidad) add(labelOf(AVAILABILITY_OPTIONS, f.disponibilidad), { disponibilidad: undefined });
  if (f.precio) add(labelOf(PRICE_RANGES, f.precio), { precio: undefined });
  if (f.edad) add(`${labelOf(AGE_RANGES, f.edad)} años`, { edad: undefined });
  for (const [key, list] of LISTS) {
    for (const value of f[key]) add(labelOf(list, value), { [key]: f[key].filter((v) => v !== value) });
  }
  return chips;
}
