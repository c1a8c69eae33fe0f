// The filters a search applies, one entry per value, each with its label and the query of the same search without
// it: the removable chips above the results and the count on the phone's "Filtros (n)" button. Sort and page are
// not filters (a chip for them would remove nothing the visitor chose to narrow).
import { findBarrio, findCategory } from './catalogue.ts';
import { isZone, toSearchParams, type SearchFilters } from './search-filters.ts';
import { vocabularyLabel, type VocabularyPart } from './i18n/vocabulary.ts';
import { translator } from './i18n/translate.ts';
import type { Locale } from './i18n/locales.ts';

export interface AppliedFilter {
  /** What the chip shows: "Palermo", "Inglés", "“masajes”". */
  label: string;
  /** The query string of the same search without this filter, from its first page. */
  without: string;
}

/** The filters with several values, each with its part of the vocabulary. */
const LISTS = [
  ['verificacion', 'verification'],
  ['idioma', 'languages'],
  ['servicio', 'services'],
  ['atencion', 'attention'],
] as const satisfies readonly (readonly [keyof SearchFilters, VocabularyPart])[];

export function appliedFilters(f: SearchFilters, locale: Locale = 'es'): AppliedFilter[] {
  const t = translator(locale);
  const label = (part: VocabularyPart, value: string) => vocabularyLabel(locale, part, value);
  const chips: AppliedFilter[] = [];
  const add = (text: string, change: Partial<SearchFilters>) =>
    chips.push({ label: text, without: toSearchParams(f, { ...change, pagina: 1 }).toString() });

  if (f.text) add(`“${f.text}”`, { text: '' });
  if (f.categoria) add(findCategory(f.categoria) ? label('categories', f.categoria) : f.categoria, { categoria: undefined });
  if (f.zona)
    add(isZone(f.zona) ? t('search.zoneGroup', { zone: label('zones', f.zona) }) : (findBarrio(f.zona)?.name ?? f.zona), {
      zona: undefined,
    });
  if (f.disponibilidad) add(label('availability', f.disponibilidad), { disponibilidad: undefined });
  if (f.precio) add(label('prices', f.precio), { precio: undefined });
  if (f.edad) add(t('search.ageChip', { label: label('ages', f.edad) }), { edad: undefined });
  for (const [key, part] of LISTS) {
    for (const value of f[key]) add(label(part, value), { [key]: f[key].filter((v) => v !== value) });
  }
  return chips;
}
