// Reads the search page's query string into typed filters. Unknown values are dropped, numbers clamped:
// a hand-edited URL narrows nothing by mistake and never fails.
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
  findBarrio,
  type AgeRange,
  type AttentionType,
  type Availability,
  type Category,
  type Language,
  type PriceRange,
  type ServiceType,
  type Sort,
  type VerificationFilter,
  type Zone,
} from './catalogue.ts';
import { findPlace } from './places.ts';
import { withoutControlCharacters } from './control-characters.ts';

export const MAX_TEXT_LENGTH = 100;
export const MAX_PAGE = 10_000;

export interface SearchFilters {
  text: string;
  categoria?: Category;
  /** A zone value (premium, central, ...) or a barrio slug; absent means all of CABA. */
  zona?: string;
  disponibilidad?: Availability;
  orden: Sort;
  precio?: PriceRange;
  edad?: AgeRange;
  verificacion: VerificationFilter[];
  idioma: Language[];
  servicio: ServiceType[];
  atencion: AttentionType[];
  pagina: number;
  /**
   * The rotation window of the page that linked to this one (decision 064): page 2 follows page 1's order even when
   * the order has turned since. Only on later pages; never part of a saved search or a canonical address.
   */
  turno?: number;
}

const plainText = (text: string) => withoutControlCharacters(text).trim();

function oneOf<T extends string>(list: readonly { value: T }[], raw: string | null): T | undefined {
  return list.find((x) => x.value === raw)?.value;
}
function someOf<T extends string>(list: readonly { value: T }[], raw: string[]): T[] {
  return list.filter((x) => raw.includes(x.value)).map((x) => x.value);
}

export function parseSearchParams(params: URLSearchParams): SearchFilters {
  // The hero box sends its text as `barrio` (the seed's URL); the search form sends `q`. Control characters become
  // spaces (a NUL is no search and PostgreSQL cannot take it); cutting in the middle of an emoji drops its half.
  const typed = plainText(plainText(params.get('q') ?? params.get('barrio') ?? '').slice(0, MAX_TEXT_LENGTH));
  const zonaRaw = params.get('zona');
  let zona = ZONES.some((z) => z.value === zonaRaw) || findBarrio(zonaRaw) ? zonaRaw! : undefined;
  // The hero box's text that names a place ("Once", "Zona Sur") is that place's filter, not words to look for.
  const place = !params.has('q') && !zona ? findPlace(typed) : undefined;
  if (place) zona = place.zona;
  const text = place ? '' : typed;
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  const turno = Number(params.get('turno'));
  return {
    text,
    categoria: oneOf(CATEGORIES, params.get('categoria')),
    zona,
    disponibilidad: oneOf(AVAILABILITY_OPTIONS, params.get('disponibilidad')),
    orden: oneOf(SORT_OPTIONS, params.get('orden')) ?? 'relevancia',
    precio: oneOf(PRICE_RANGES, params.get('precio')),
    edad: oneOf(AGE_RANGES, params.get('edad')),
    verificacion: someOf(VERIFICATION_FILTERS, params.getAll('verificacion')),
    idioma: someOf(LANGUAGES, params.getAll('idioma')),
    servicio: someOf(SERVICE_TYPES, params.getAll('servicio')),
    atencion: someOf(ATTENTION_TYPES, params.getAll('atencion')),
    pagina: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1,
    ...(page > 1 && Number.isSafeInteger(turno) && turno > 0 && { turno }),
  };
}

/** The query string for filters (defaults left out), e.g. to link to another page of results. */
export function toSearchParams(filters: SearchFilters, overrides: Partial<SearchFilters> = {}): URLSearchParams {
  const f = { ...filters, ...overrides };
  const params = new URLSearchParams();
  if (f.text) params.set('q', f.text);
  for (const key of ['categoria', 'zona', 'disponibilidad', 'precio', 'edad'] as const) {
    const value = f[key];
    if (value) params.set(key, value);
  }
  if (f.orden !== 'relevancia') params.set('orden', f.orden);
  for (const key of ['verificacion', 'idioma', 'servicio', 'atencion'] as const) {
    for (const value of f[key]) params.append(key, value);
  }
  if (f.pagina > 1) params.set('pagina', String(f.pagina));
  if (f.pagina > 1 && f.turno) params.set('turno', String(f.turno));
  return params;
}

/** Filters other than text, category, zone and sort: the ones behind "Filtros avanzados". */
export function advancedFilterCount(f: SearchFilters): number {
  return (f.precio ? 1 : 0) + (f.edad ? 1 : 0) + f.verificacion.length + f.idioma.length + f.servicio.length + f.atencion.length;
}

export function isZone(value: string): value is Zone {
  return ZONES.some((z) => z.value === value);
}

/** The barrios a `zona` filter covers: every barrio of a zone, or the one barrio named. */
export function barrioSlugsOf(zona: string): string[] {
  return isZone(zona) ? ZONES.find((z) => z.value === zona)!.barrios.map((b) => b.slug) : [zona];
}
