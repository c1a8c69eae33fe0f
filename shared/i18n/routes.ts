// Which visitor pages exist in which language, and at which address (docs/decisions/070-languages.md). A page is
// listed here only once all of its texts exist in the three languages; links from a Portuguese or English page to a
// page not listed lead to its Spanish address.
import { DEFAULT_LOCALE, LOCALES, localeOfPath, type Locale } from './locales.ts';
import { findLanding, landingPath } from '../search-engines.ts';

type OtherLocale = Exclude<Locale, 'es'>;

/** Spanish path -> the page's path in the other languages it has (each a page under site/pages/pt/ or en/). */
export const TRANSLATED_PAGES: Readonly<Record<string, Readonly<Partial<Record<OtherLocale, string>>>>> = {
  '/': { pt: '/pt/', en: '/en/' },
  '/buscar': { pt: '/pt/busca', en: '/en/search' },
  '/como-evitar-estafas': { pt: '/pt/como-evitar-golpes', en: '/en/avoid-scams' },
  '/menor-de-edad': { pt: '/pt/menor-de-idade', en: '/en/under-18' },
  '/transparencia': { pt: '/pt/transparencia', en: '/en/transparency' },
  '/verificar-anuncio': { pt: '/pt/verificar-anuncio', en: '/en/check-an-ad' },
  '/favoritos': { pt: '/pt/favoritos', en: '/en/favourites' },
  // Summaries, not translations: the Spanish text applies, and each summary says so at its top (its hreflang names the
  // summary as the page's version in that language all the same).
  '/terminos-condiciones': { pt: '/pt/termos-de-uso', en: '/en/terms' },
  '/politicas-privacidad': { pt: '/pt/politica-de-privacidade', en: '/en/privacy' },
};

/**
 * Families of pages under one Spanish prefix, and the prefix of each language they exist in: the rest of the address
 * (an ad's slug and code) is the same in every language.
 */
export const TRANSLATED_PREFIXES: Readonly<Record<string, Readonly<Partial<Record<OtherLocale, string>>>>> = {
  '/anuncio/': { pt: '/pt/anuncio/', en: '/en/ad/' },
};

/** A landing page (a category in a place) from its address in `locale`, or null. */
function landingOf(path: string, locale: Locale) {
  const segments = path.split('/').slice(locale === DEFAULT_LOCALE ? 1 : 2);
  return segments.length === 2 ? findLanding(segments[0], segments[1], locale) : null;
}

/** The page's path in `locale`, or undefined where it does not exist in that language. */
function translatedPath(locale: OtherLocale, path: string): string | undefined {
  const page = TRANSLATED_PAGES[path]?.[locale];
  if (page) return page;
  // Landing pages: each language has its own slugs (shared/search-engines.ts).
  const landing = landingOf(path, DEFAULT_LOCALE);
  if (landing) return landingPath(landing.categoria, landing.place.zona, locale);
  for (const [spanish, prefixes] of Object.entries(TRANSLATED_PREFIXES)) {
    if (path.startsWith(spanish) && path.length > spanish.length && prefixes[locale]) return prefixes[locale] + path.slice(spanish.length);
  }
  return undefined;
}

/** Where a link to the Spanish page `spanishPath` leads from a page in `locale`. */
export function pathIn(locale: Locale, spanishPath: string): string {
  if (locale === 'es') return spanishPath;
  const end = spanishPath.search(/[?#]/);
  const [path, rest] = end < 0 ? [spanishPath, ''] : [spanishPath.slice(0, end), spanishPath.slice(end)];
  return (translatedPath(locale, path) ?? path) + rest;
}

/**
 * The Spanish page of a site path in any language ('/pt/anuncio/x-7' -> '/anuncio/x-7'), its query and fragment
 * kept: a path saved on a page in one language (a favourite's address) leads through pathIn to another.
 */
export function spanishPathOf(path: string): string {
  const end = path.search(/[?#]/);
  const [bare, rest] = end < 0 ? [path, ''] : [path.slice(0, end), path.slice(end)];
  for (const [spanish, paths] of Object.entries(TRANSLATED_PAGES)) if (Object.values(paths).includes(bare)) return spanish + rest;
  for (const [spanish, prefixes] of Object.entries(TRANSLATED_PREFIXES)) {
    const prefix = Object.values(prefixes).find((p) => bare.startsWith(p) && bare.length > p.length);
    if (prefix) return spanish + bare.slice(prefix.length) + rest;
  }
  return path;
}

/** Every language the page of `spanishPath` exists in, with its path: what hreflang and the switcher list. */
export function alternatesOf(spanishPath: string): Partial<Record<Locale, string>> {
  const alternates: Partial<Record<Locale, string>> = { [DEFAULT_LOCALE]: spanishPath };
  for (const locale of LOCALES) {
    const path = locale === 'es' ? undefined : translatedPath(locale, spanishPath);
    if (path) alternates[locale] = path;
  }
  return alternates;
}

/** Whether a path under /pt/ or /en/ is a translated page (or a family's page) that the site renders. */
export function isTranslatedPath(path: string): boolean {
  return (
    TRANSLATED_PATHS.has(path) ||
    landingOf(path, localeOfPath(path)) !== null ||
    Object.values(TRANSLATED_PREFIXES).some((prefixes) =>
      Object.values(prefixes).some((prefix) => path.startsWith(prefix) && path.length > prefix.length),
    )
  );
}

/** The results of a search alone, which its script fetches (/buscar/resultados, /pt/busca/resultados…). */
export const resultsPathOf = (searchPath: string) => `${searchPath}/resultados`;

/**
 * The translated paths rendered per request that are not pages of their own: the search's results alone in each
 * language. With TRANSLATED_PAGES, what api/static-files.ts lets through to the site under /pt/ and /en/.
 */
export const TRANSLATED_FRAGMENTS: readonly string[] = Object.values(TRANSLATED_PAGES['/buscar']!).map(resultsPathOf);

const TRANSLATED_PATHS = new Set([...Object.values(TRANSLATED_PAGES).flatMap((paths) => Object.values(paths)), ...TRANSLATED_FRAGMENTS]);
