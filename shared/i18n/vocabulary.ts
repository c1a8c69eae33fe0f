// A value's label in a language (shared/i18n/messages/vocabulary.ts), read from the catalogue's part itself: light
// enough for the browser's scripts, which name filters and categories too. An unknown value shows as it is.
import * as vocabulary from './messages/vocabulary.ts';
import type { Locale } from './locales.ts';

export type VocabularyPart = keyof typeof vocabulary;

export function vocabularyLabel(locale: Locale, part: VocabularyPart, value: string): string {
  return (vocabulary[part][locale] as Readonly<Record<string, string>>)[value] ?? value;
}
