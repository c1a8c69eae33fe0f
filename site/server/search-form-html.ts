// The search form of /buscar (docs/decisions/057-markup-as-text.md): a plain GET form that works without
// JavaScript. Once the age gate is answered, site/lib/search-form.ts makes every change fetch /buscar/resultados and
// swap the results in place, and sets these fields again to show another search. First row: text, category, zone,
// availability and order; then the advanced filters (price, age, and groups of boxes), open when one is in use.
// Written as text, not as Astro components: its 130 options and boxes cost a tenth of the time of every search the
// render cache did not hold. Its styles (.filters) live in site/components/search/filters-sheet.astro.
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
import { advancedFilterCount, MAX_TEXT_LENGTH, type SearchFilters } from '#shared/search-filters.ts';
import { flag, html, type Html } from '#shared/html.ts';
import { advancedFiltersLabel } from '#site/lib/filters-sheet-texts.ts';
import { setBounded } from '#shared/bounded-memo.ts';

type Options = readonly { value: string; label: string }[];

const option = (value: string, label: string, current: string) =>
  html`<option value="${value}"${flag('selected', value === current)}>${label}</option>`;

/** One select: its label, the "any" option where no value is also a choice, and the current one. */
function filterSelect(name: string, label: string, current: string, options: Options, anyLabel?: string): Html {
  return html`<div class="field"><label for="filtro-${name}">${label}</label><select id="filtro-${name}" name="${name}">${[
    anyLabel !== undefined && option('', anyLabel, current),
    options.map((o) => option(o.value, o.label, current)),
  ]}</select></div>`;
}

/** The zone select: all of CABA, then each zone with its barrios under it. */
function zoneSelect(current: string): Html {
  const zones = ZONES.map(
    (z) =>
      html`<optgroup label="Zona ${z.label}">${[
        option(z.value, `Toda la zona ${z.label}`, current),
        z.barrios.map((b) => option(b.slug, b.name, current)),
      ]}</optgroup>`,
  );
  return html`<div class="field"><label for="filtro-zona">Zona</label><select id="filtro-zona" name="zona">${[
    option('', 'Toda CABA', current),
    zones,
  ]}</select></div>`;
}

/** A group of boxes ("Idiomas", "Tipo de servicio"...), the current ones checked. */
function filterChecks(legend: string, name: string, options: Options, checked: readonly string[]): Html {
  const boxes = options.map((o) => {
    const id = `filtro-${name}-${o.value}`;
    return html`<div class="filters__check"><input id="${id}" type="checkbox" name="${name}" value="${o.value}"${flag(
      'checked',
      checked.includes(o.value),
    )}><label for="${id}">${o.label}</label></div>`;
  });
  return html`<fieldset class="filters__group"><legend>${legend}</legend>${boxes}</fieldset>`;
}

/**
 * A part of the form that depends on one value only (a select's current option, a group's checked boxes), written once
 * per value and kept: a few hundred values at most per part, where writing them was most of the form's cost.
 */
function keptPer(write: (value: string) => Html): (value: string) => Html {
  const kept = new Map<string, Html>();
  return (value) => {
    let part = kept.get(value);
    if (!part) {
      part = setBounded(kept, value, write(value), 256);
    }
    return part;
  };
}

/** A group of boxes kept per its checked values (filters' values are fixed words: a line break never occurs in one). */
const keptChecks = (legend: string, name: string, options: Options) => {
  const kept = keptPer((checked) => filterChecks(legend, name, options, checked === '' ? [] : checked.split('\n')));
  return (checked: readonly string[]) => kept(checked.join('\n'));
};

const parts = {
  categoria: keptPer((current) => filterSelect('categoria', 'Categoría', current, CATEGORIES, 'Todas las categorías')),
  zona: keptPer(zoneSelect),
  disponibilidad: keptPer((current) => filterSelect('disponibilidad', 'Disponibilidad', current, AVAILABILITY_OPTIONS, 'Cualquiera')),
  orden: keptPer((current) => filterSelect('orden', 'Ordenar por', current, SORT_OPTIONS)),
  precio: keptPer((current) => filterSelect('precio', 'Precio por hora', current, PRICE_RANGES, 'Cualquier precio')),
  edad: keptPer((current) => filterSelect('edad', 'Edad', current, AGE_RANGES, 'Cualquier edad')),
  verificacion: keptChecks('Verificación', 'verificacion', VERIFICATION_FILTERS),
  idioma: keptChecks('Idiomas', 'idioma', LANGUAGES),
  servicio: keptChecks('Tipo de servicio', 'servicio', SERVICE_TYPES),
  atencion: keptChecks('Tipo de atención', 'atencion', ATTENTION_TYPES),
};

export function searchFormHtml(filters: SearchFilters): Html {
  const count = advancedFilterCount(filters);
  const text = html`<div class="field filters__text"><label for="filtro-q">Buscar</label><input id="filtro-q" name="q" type="search" maxlength="${MAX_TEXT_LENGTH}" value="${filters.text}" placeholder="Buscá por barrio, zona o nombre" autocomplete="off"></div>`;
  const firstRow = [
    text,
    parts.categoria(filters.categoria ?? ''),
    parts.zona(filters.zona ?? ''),
    parts.disponibilidad(filters.disponibilidad ?? ''),
    parts.orden(filters.orden),
  ];
  const advanced = [
    parts.precio(filters.precio ?? ''),
    parts.edad(filters.edad ?? ''),
    parts.verificacion(filters.verificacion),
    parts.idioma(filters.idioma),
    parts.servicio(filters.servicio),
    parts.atencion(filters.atencion),
  ];
  return html`<form class="filters card" action="/buscar" method="get" role="search" aria-label="Filtros de búsqueda" data-search-form><div class="filters__row">${firstRow}</div><details class="filters__advanced"${flag(
    'open',
    count > 0,
  )}><summary data-advanced-summary>${advancedFiltersLabel(count)}</summary><div class="filters__groups">${advanced}</div></details><div class="filters__actions"><button type="submit" class="btn btn-primary">Buscar</button><a class="btn btn-outline" href="/buscar" data-clear-form>Limpiar filtros</a></div></form>`;
}
