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
import { LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { translator } from '#shared/i18n/translate.ts';
import { vocabularyLabel, type VocabularyPart } from '#shared/i18n/vocabulary.ts';
import { pathIn } from '#shared/i18n/routes.ts';

type Options = readonly { value: string; label: string }[];

/** A catalogue list with its labels in `locale`. */
const labelled = (locale: Locale, part: VocabularyPart, list: readonly { value: string }[]): Options =>
  list.map(({ value }) => ({ value, label: vocabularyLabel(locale, part, value) }));

const option = (value: string, label: string, current: string) =>
  html`<option value="${value}"${flag('selected', value === current)}>${label}</option>`;

/** One select: its label, the "any" option where no value is also a choice, and the current one. */
function filterSelect(name: string, label: string, current: string, options: Options, anyLabel?: string): Html {
  return html`<div class="field"><label for="filtro-${name}">${label}</label><select id="filtro-${name}" name="${name}">${[
    anyLabel !== undefined && option('', anyLabel, current),
    options.map((o) => option(o.value, o.label, current)),
  ]}</select></div>`;
}

/** The zone select: all of CABA, then each zone with its barrios under it (barrios by their own names). */
function zoneSelect(locale: Locale, current: string): Html {
  const t = translator(locale);
  const zones = ZONES.map((z) => {
    const zone = vocabularyLabel(locale, 'zones', z.value);
    return html`<optgroup label="${t('search.zoneGroup', { zone })}">${[
      option(z.value, t('search.wholeZone', { zone }), current),
      z.barrios.map((b) => option(b.slug, b.name, current)),
    ]}</optgroup>`;
  });
  return html`<div class="field"><label for="filtro-zona">${t('search.zone')}</label><select id="filtro-zona" name="zona">${[
    option('', t('search.allCaba'), current),
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

/** The form's parts in one language, each kept per value. */
function formParts(locale: Locale) {
  const t = translator(locale);
  const list = (part: VocabularyPart, values: readonly { value: string }[]) => labelled(locale, part, values);
  return {
    categoria: keptPer((current) =>
      filterSelect('categoria', t('search.category'), current, list('categories', CATEGORIES), t('search.allCategories')),
    ),
    zona: keptPer((current) => zoneSelect(locale, current)),
    disponibilidad: keptPer((current) =>
      filterSelect(
        'disponibilidad',
        t('search.availability'),
        current,
        list('availability', AVAILABILITY_OPTIONS),
        t('search.anyAvailability'),
      ),
    ),
    orden: keptPer((current) => filterSelect('orden', t('search.sort'), current, list('sorts', SORT_OPTIONS))),
    precio: keptPer((current) => filterSelect('precio', t('search.price'), current, list('prices', PRICE_RANGES), t('search.anyPrice'))),
    edad: keptPer((current) => filterSelect('edad', t('search.age'), current, list('ages', AGE_RANGES), t('search.anyAge'))),
    verificacion: keptChecks(t('search.verification'), 'verificacion', list('verification', VERIFICATION_FILTERS)),
    idioma: keptChecks(t('search.languages'), 'idioma', list('languages', LANGUAGES)),
    servicio: keptChecks(t('search.services'), 'servicio', list('services', SERVICE_TYPES)),
    atencion: keptChecks(t('search.attention'), 'atencion', list('attention', ATTENTION_TYPES)),
  };
}

const PARTS = Object.fromEntries(LOCALES.map((locale) => [locale, formParts(locale)])) as Record<Locale, ReturnType<typeof formParts>>;

export function searchFormHtml(filters: SearchFilters, locale: Locale = 'es'): Html {
  const t = translator(locale);
  const parts = PARTS[locale];
  const searchPath = pathIn(locale, '/buscar');
  const count = advancedFilterCount(filters);
  const text = html`<div class="field filters__text"><label for="filtro-q">${t('search.text')}</label><input id="filtro-q" name="q" type="search" maxlength="${MAX_TEXT_LENGTH}" value="${filters.text}" placeholder="${t('search.textPlaceholder')}" autocomplete="off"></div>`;
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
  return html`<form class="filters card" action="${searchPath}" method="get" role="search" aria-label="${t('search.formLabel')}" data-search-form><div class="filters__row">${firstRow}</div><details class="filters__advanced"${flag(
    'open',
    count > 0,
  )}><summary data-advanced-summary>${advancedFiltersLabel(count, locale)}</summary><div class="filters__groups">${advanced}</div></details><div class="filters__actions"><button type="submit" class="btn btn-primary">${t('search.submit')}</button><a class="btn btn-outline" href="${searchPath}" data-clear-form>${t('search.clear')}</a></div></form>`;
}
