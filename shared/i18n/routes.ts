// Which visitor pages exist in which language, and at which address (docs/decisions/070-languages.md). A page is
// listed here only once all of its texts exist in the three languages; links from a Portuguese or English page to a
// page not listed lead to its Spanish address.
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

type OtherLocale = Exclude<Locale, 'es'>;

/** Spanish path -> the page's path in the other languages it has (each a page under site/pages/pt/ or en/). */
export const TRANSLATED_PAGES: Readonly<Record<string, Readonly<Partial<Record<OtherLocale, string>>>>> = {
  '/': { pt: '/pt/', en: '/en/' },
  '/buscar': { pt: '/pt/busca', en: '/en/search' },
  '/como-evitar-estafas': { pt: '/pt/como-evitar-golpes', en: '/en/avoid-scams' },
  '/menor-de-edad': { pt: '/pt/menor-de-idade', en: '/en/under-18' },
};

/** Where a link to the Spanish page `spanishPath` leads from a page in `locale`. */
export function pathIn(locale: Locale, spanishPath: string): string {
  if (locale === 'es') return spanishPath;
  const end = spanishPath.search(/[?#]/);
  const [path, rest] = end < 0 ? [spanishPath, ''] : [spanishPath.slice(0, end), spanishPath.slice(end)];
  return (TRANSLATED_PAGES[path]?.[locale] ?? path) + rest;
}

/** Every language the page of `spanishPath` exists in, with its path: what hreflang and the switcher list. */
export function alternatesOf(spanishPath: string): Partial<Record<Locale, string>> {
  return { [DEFAULT_LOCALE]: spanishPath, ...TRANSLATED_PAGES[spanishPath] };
}

/** The results of a search alone, which its script fetches (/buscar/resultados, /pt/busca/resultados…). */
export const resultsPathOf = (searchPath: string) => `${searchPath}/resultados`;

/**
 * The translated paths rendered per request that are not pages of their own: the search's results alone in each
 * language. With TRANSLATED_PAGES, what api/static-files.ts lets through to the site under /pt/ and /en/.
 */
export const TRANSLATED_FRAGMENTS: readonly string[] = Object.values(TRANSLATED_PAGES['/buscar']!).map(resultsPathOf);
