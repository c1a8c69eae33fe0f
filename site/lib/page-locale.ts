// The language of the page a script runs on, read from <html lang> (set by the layout from the address:
// docs/decisions/070-languages.md), for the scripts that write texts of their own.
import { HTML_LANG, LOCALES, DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';

export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return LOCALES.find((locale) => HTML_LANG[locale] === lang) ?? DEFAULT_LOCALE;
}
