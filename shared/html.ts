// HTML written as text where rendering element by element costs too much per request (the search form of every
// search miss, docs/decisions/057-markup-as-text.md). Every value put into an `html` template is escaped, unless
// it is itself Html made by this module: user text can never become markup.

/** Markup known to be safe: made by `html` only (the class is not exported), never from user text. */
class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

/** What a template may hold: text and numbers (escaped), Html (as is), lists of these, and nothing (false, null). */
export type HtmlValue = Html | string | number | false | null | undefined | readonly HtmlValue[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe in element content and in quoted attribute values (also in XML). */
const RESERVED = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most values (ids, slugs, labels) hold nothing to escape: testing first spares a copy of each.
  return RESERVED.test(text) ? text.replace(/[&<>"']/g, (c) => ENTITIES[c]!) : text;
}

function write(value: HtmlValue): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(write).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeHtml(String(value));
}

export type { Html };

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += write(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** A boolean attribute (` selected`, ` checked`, ` open`) where `on`, nothing otherwise. */
export function flag(name: 'selected' | 'checked' | 'open', on: boolean): Html {
  return new Html(on ? ` ${name}` : '');
}

/** Whether a value is markup made by `html` (a page shell puts it in as is, and escapes anything else). */
export function isHtml(value: unknown): value is Html {
  return value instanceof Html;
}
