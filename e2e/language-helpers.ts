// What the languages' specs check on every translated page (docs/decisions/070-languages.md): no Spanish interface
// text left, and the links naming the page's languages.
import type { Page } from '@playwright/test';
import { CATALOGUES } from '#shared/i18n/translate.ts';
import type { Locale } from '#shared/i18n/locales.ts';

const texts = (locale: Locale) => Object.values(CATALOGUES[locale]).flatMap((part) => Object.values(part));

/** The Spanish interface texts a page in `locale` must not show: every one of more than two words it does not quote. */
export function spanishLeftIn(locale: Locale, pageText: string): string[] {
  const own = texts(locale);
  return texts('es').filter((text) => text.split(' ').length > 2 && !own.some((o) => o.includes(text)) && pageText.includes(text));
}

/**
 * The page's visible text in its own language: what is marked as another language (the switcher's names, the
 * suggestion of another language) is left out.
 */
export function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const own = document.documentElement.lang;
    const foreign = [...document.body.querySelectorAll<HTMLElement>('[lang]')].filter((e) => e.lang !== own && e.style.display !== 'none');
    for (const e of foreign) e.style.display = 'none';
    const text = document.body.innerText;
    for (const e of foreign) e.style.display = '';
    return text;
  });
}

export async function linkHrefs(page: Page, selector: string): Promise<Record<string, string>> {
  return page
    .locator(selector)
    .evaluateAll((links) =>
      Object.fromEntries(links.map((l) => [l.getAttribute('hreflang') ?? '', new URL(l.getAttribute('href')!).pathname])),
    );
}
