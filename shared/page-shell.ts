// A page rendered once with markers in place of its per-request parts, then filled per request
// (docs/decisions/058-page-shells.md): the search page's layout, header, footer, scripts and policy are the same for
// every filter set, so a search miss fills the few parts that differ instead of rendering the page again.
//
// Each marker is filled the way Astro writes a value in its place, so that a filled page is byte for byte the page
// Astro would render: text as Astro escapes text, an attribute value as Astro escapes attribute values (it quotes
// them with "), markup (Html, from shared/html.ts) as is, and never inside an attribute.
import { escapeHtml, html, isHtml, type Html } from './html.ts';

const MARKER = /@@velada-part:([a-zA-Z]+)@@/g;
const encoder = new TextEncoder();

/** The marker of a text part, written where the page writes that text (Astro escapes nothing in it). */
export function textMarker(name: string): string {
  return `@@velada-part:${name}@@`;
}

/** The marker of a markup part, for set:html. */
export function markupMarker(name: string): Html {
  return html`@@velada-part:${name}@@`;
}

export type ShellValues = Record<string, string | Html>;

type Piece = string | { name: string; inAttribute: boolean };

/** Astro's escaping of an attribute value (render/util.js, toAttributeString): & and ", inside double quotes. */
function attributeValue(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** Whether the text ends inside an element whose content is not markup (an open <script> or <style>). */
function isInside(before: string, element: 'script' | 'style'): boolean {
  return before.lastIndexOf(`<${element}`) > before.lastIndexOf(`</${element}`);
}

export class PageShell {
  /** The shell's text as UTF-8, between its parts. */
  private readonly bytes: (Uint8Array | Exclude<Piece, string>)[];

  private constructor(pieces: Piece[]) {
    this.bytes = pieces.map((piece) => (typeof piece === 'string' ? encoder.encode(piece) : piece));
  }

  /** The shell of a page rendered with markers; throws when a marker sits inside a script or a style. */
  static parse(page: string): PageShell {
    const pieces: Piece[] = [];
    let last = 0;
    for (const match of page.matchAll(MARKER)) {
      const before = page.slice(0, match.index);
      if (isInside(before, 'script') || isInside(before, 'style'))
        throw new Error(`Page shell: the part ${match[1]} is inside a script or a style`);
      // Inside a tag (after its '<', before its '>'), the marker is (part of) an attribute's value.
      const inAttribute = before.lastIndexOf('<') > before.lastIndexOf('>');
      pieces.push(page.slice(last, match.index), { name: match[1]!, inAttribute });
      last = match.index + match[0].length;
    }
    pieces.push(page.slice(last));
    return new PageShell(pieces);
  }

  /**
   * The page with every part in its place, as UTF-8: the shell's own text is encoded once, the parts on each fill,
   * straight into a buffer kept for the next fills, from which the page is copied once at its size (a 40 KB page
   * joined as a string was copied twice more before it reached the socket; encoded part by part, each part was one
   * more copy). Throws when a value is missing, or markup would go into an attribute.
   */
  fill(values: ShellValues): Uint8Array {
    let at = 0;
    for (const piece of this.bytes) {
      if (piece instanceof Uint8Array) {
        writing = room(writing, at, piece.length);
        writing.set(piece, at);
        at += piece.length;
        continue;
      }
      const value = values[piece.name];
      if (value === undefined) throw new Error(`Page shell: no value for the part ${piece.name}`);
      let text: string;
      if (isHtml(value)) {
        if (piece.inAttribute) throw new Error(`Page shell: markup for the part ${piece.name}, which is in an attribute`);
        text = value.text;
      } else text = piece.inAttribute ? attributeValue(value) : escapeHtml(value);
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      writing = room(writing, at, text.length * 3);
      at += encoder.encodeInto(text, writing.subarray(at)).written;
    }
    return writing.slice(0, at);
  }
}

/** Where pages are filled, grown as needed and kept (a fill runs start to end without yielding). */
let writing: Uint8Array<ArrayBuffer> = new Uint8Array(64 * 1024);

/** `buffer`, or a larger one holding its first `used` bytes when it has no room for `more` after them. */
function room(buffer: Uint8Array<ArrayBuffer>, used: number, more: number): Uint8Array<ArrayBuffer> {
  if (used + more <= buffer.length) return buffer;
  const larger = new Uint8Array(Math.max(used + more, buffer.length * 2));
  larger.set(buffer.subarray(0, used));
  return larger;
}

/**
 * A page served from shells (its public variant): what the site tells the server about it. `shells` names each shell
 * and what the page must find in Astro.locals to render it with markers; `partsOf` gives a request's shell and parts.
 */
export interface ShellPage {
  path: string;
  shells: Record<string, Partial<App.Locals>>;
  partsOf(locals: App.Locals, url: URL): Promise<{ shell: string; values: ShellValues; listed: number[] }>;
  /** Addresses rendered both ways when the shells are made: the shells are used only if each gives the same page. */
  checkUrls: readonly string[];
}
