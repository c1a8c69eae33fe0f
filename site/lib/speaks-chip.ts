// "Fala português" / "Speaks English" on the Portuguese and English searches (docs/decisions/070-languages.md): off
// unless the visitor chooses it; once chosen it stays on for her next searches in that language, in this browser only
// (localStorage), until she removes it. Nothing on Spanish pages.
import { SPOKEN_LANGUAGE } from '#shared/i18n/spoken-language.ts';
import { SEARCH_UPDATED_EVENT } from './search-updated.ts';
import { pageLocale } from './page-locale.ts';
import { readLocal, removeLocal, writeLocal } from './storage.ts';
import type { LoadOptions } from './search-results-loader.ts';

/** Cleared with the rest by "Borrar rastros" (site/lib/clear-traces.ts). */
export const SPOKEN_LANGUAGE_KEY = 'velada_habla_idioma';

/** Remembers the choice after each search; a search opened without any language filter gets it back. */
export function keepSpokenLanguage(reset: (params: URLSearchParams, options: LoadOptions) => void): void {
  const language = SPOKEN_LANGUAGE[pageLocale()];
  if (!language) return;
  document.addEventListener(SEARCH_UPDATED_EVENT, () => {
    if (new URLSearchParams(location.search).getAll('idioma').includes(language)) writeLocal(SPOKEN_LANGUAGE_KEY, language);
    else removeLocal(SPOKEN_LANGUAGE_KEY);
  });
  const params = new URLSearchParams(location.search);
  if (readLocal(SPOKEN_LANGUAGE_KEY) === language && !params.has('idioma')) {
    params.append('idioma', language);
    params.delete('pagina');
    reset(params, { history: 'replace' });
  }
}
