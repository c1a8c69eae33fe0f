// The search's texts that the browser writes again after each search in place (site/lib/search-results-loader.ts,
// site/lib/search-form.ts, site/lib/filters-sheet.ts) and the server writes first: the heading, the title and the
// filters' counts. A plain part, read in the browser without i18next (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  categoryIn: '{{category}} en {{place}}',
  adsIn: 'Avisos en {{place}}',
  categoryInZone: '{{category}} en zona {{zone}}',
  adsInZone: 'Avisos en zona {{zone}}',
  filters: 'Filtros',
  filtersIn: 'Filtros ({{number}})',
  advanced: 'Filtros avanzados',
  advancedIn: 'Filtros avanzados ({{number}})',
  seeOne: 'Ver 1 resultado',
  seeMany: 'Ver {{number}} resultados',
} as const;

const pt = {
  categoryIn: '{{category}} em {{place}}',
  adsIn: 'Anúncios em {{place}}',
  categoryInZone: '{{category}} na zona {{zone}}',
  adsInZone: 'Anúncios na zona {{zone}}',
  filters: 'Filtros',
  filtersIn: 'Filtros ({{number}})',
  advanced: 'Filtros avançados',
  advancedIn: 'Filtros avançados ({{number}})',
  seeOne: 'Mostrar 1 resultado',
  seeMany: 'Mostrar {{number}} resultados',
} as const satisfies Texts<typeof es>;

const en = {
  categoryIn: '{{category}} in {{place}}',
  adsIn: 'Ads in {{place}}',
  categoryInZone: '{{category}} in the {{zone}} zone',
  adsInZone: 'Ads in the {{zone}} zone',
  filters: 'Filters',
  filtersIn: 'Filters ({{number}})',
  advanced: 'Advanced filters',
  advancedIn: 'Advanced filters ({{number}})',
  seeOne: 'See 1 result',
  seeMany: 'See {{number}} results',
} as const satisfies Texts<typeof es>;

export const searchLive = { es, pt, en };
