// The languages visitors read Velada in (docs/decisions/070-languages.md): Spanish of Buenos Aires without a prefix,
// Brazilian Portuguese under /pt/ and English under /en/. Advertiser and staff areas stay Spanish; an advertiser's
// own text is shown as written.
export const LOCALES = ['es', 'pt', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';

/** The page's `lang` and the locale of its Intl formats (currency stays ARS in every language). */
export const HTML_LANG: Record<Locale, string> = { es: 'es-AR', pt: 'pt-BR', en: 'en' };

/** Each language by its own name, as a switcher offers it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { es: 'Español', pt: 'Português', en: 'English' };

/** Open Graph's form of the locale. */
export const OG_LOCALE: Record<Locale, string> = { es: 'es_AR', pt: 'pt_BR', en: 'en_US' };

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The locale a path is in: its first segment when that is /pt or /en, Spanish otherwise. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** A site path in a locale: Spanish as it is, the others under their prefix ('/' becomes '/pt/'). */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}
