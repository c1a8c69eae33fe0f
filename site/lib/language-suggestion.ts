// The suggestion of another language the page exists in, when the browser prefers it over the page's own
// (docs/decisions/070-languages.md). Which one (if any) is decided before the first paint by the layout's inline script
// (site/server/age-check-script.ts), from the meta below, and shown by CSS; here, closing it hides it for the rest of
// the visit (sessionStorage): nothing is stored beyond the tab, and the page is never left on its own.
export const SUGGESTION_CLOSED_KEY = 'velada_idioma_sugerencia_cerrada';
/** The meta listing the other languages the page exists in ("pt en"), read by the inline script. */
export const OTHER_LANGUAGES_META = 'velada-otros-idiomas';

export function closeLanguageSuggestion(slot: HTMLElement): void {
  slot.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('[data-language-suggestion-close]')) return;
    document.documentElement.removeAttribute('data-suggest');
    try {
      sessionStorage.setItem(SUGGESTION_CLOSED_KEY, '1');
    } catch {
      // Storage refused (a private mode): closed for this page only.
    }
  });
}
