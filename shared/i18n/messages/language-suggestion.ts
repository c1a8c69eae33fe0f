// The suggestion a page shows when the browser prefers another language the page exists in
// (site/components/language-suggestion.astro); each language's text is shown in that language. Portuguese and
// English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  text: 'Esta página también está en español.',
  link: 'Verla en español',
  close: 'Cerrar',
  label: 'Idioma sugerido',
} as const;

const pt = {
  text: 'Esta página também está em português.',
  link: 'Ver em português',
  close: 'Fechar',
  label: 'Idioma sugerido',
} as const satisfies Texts<typeof es>;

const en = {
  text: 'This page is also in English.',
  link: 'Read it in English',
  close: 'Close',
  label: 'Suggested language',
} as const satisfies Texts<typeof es>;

export const languageSuggestion = { es, pt, en };
