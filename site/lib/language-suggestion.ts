// Shows the suggestion of another language the page exists in when the browser prefers it over the page's own
// (docs/decisions/070-languages.md). Closing it hides it for the rest of the visit (sessionStorage); nothing is
// stored beyond the tab, and the page is never left on its own.
const CLOSED_KEY = 'velada_idioma_sugerencia_cerrada';

/** The site's language codes in the order the browser prefers them ('pt-BR' -> 'pt'). */
function preferredCodes(): string[] {
  return [...new Set((navigator.languages ?? [navigator.language]).map((tag) => tag.toLowerCase().split('-')[0]!))];
}

export function suggestLanguage(slot: HTMLElement): void {
  try {
    if (sessionStorage.getItem(CLOSED_KEY)) return;
  } catch {
    // Storage refused (a private mode): the suggestion shows, and closing it hides it for this page only.
  }
  const current = document.documentElement.lang.toLowerCase().split('-')[0];
  const offered = new Map(
    [...slot.querySelectorAll<HTMLTemplateElement>('template[data-language-suggestion]')].map((t) => [t.dataset.languageSuggestion!, t]),
  );
  // The first language the browser prefers among the page's own and those offered: none when it is the page's own.
  const first = preferredCodes().find((code) => code === current || offered.has(code));
  const template = first && first !== current ? offered.get(first) : undefined;
  if (!template) return;
  slot.append(template.content.cloneNode(true));
  slot.querySelector('[data-language-suggestion-close]')?.addEventListener('click', () => {
    slot.replaceChildren();
    try {
      sessionStorage.setItem(CLOSED_KEY, '1');
    } catch {
      // As above.
    }
  });
}
