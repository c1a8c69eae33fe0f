// Control characters in text people send: PostgreSQL cannot store NUL in text, and the other C0 controls, DEL and
// lone surrogates (half of an emoji) are never typed on purpose. Shared by the API (api/http/validate.ts refuses
// them in every request), the search page's query string (shared/search-filters.ts) and any form that checks first.

// Tab, line feed and carriage return are text: descriptions, details and messages have lines.
// eslint-disable-next-line no-control-regex
const MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /[\u0000-\u001f\u007f]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const ALL = /[\u0000-\u001f\u007f]|\p{Cs}/gu;

/** The message shown next to a field that has them. */
export const CONTROL_CHARACTERS_MESSAGE = 'El texto tiene caracteres de control que no se pueden guardar.';

/**
 * Whether `text` has a character that no form field should carry: U+0000 to U+001F, U+007F or a lone surrogate.
 * With `multiline` (the default), tab, line feed and carriage return are allowed.
 */
export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline === false ? SINGLE_LINE : MULTILINE).test(text);
}

/** `text` with every control character (line breaks and tabs included) and lone surrogate turned into a space. */
export function withoutControlCharacters(text: string): string {
  return text.replace(ALL, ' ');
}
