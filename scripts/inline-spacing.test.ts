// The built pages drop the space between a line of text and a link (or other inline element) that starts the next
// line of an .astro file: "escribinos a⏎<a>Contacto</a>" reads "escribinos aContacto". This finds such lines in the
// sources, so that the word before the element stays on its line ("escribinos⏎a <a>").
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const INLINE_START = /^<(a|strong|em|time|code|span|abbr|b|i)[\s>]/;
/** Text that ends a line: a letter, a digit or punctuation that a word is written next to (not a tag's `>` or a `}`). */
const TEXT_END = /[\p{L}\p{N}.,;:)»]$/u;

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(path);
    return entry.name.endsWith('.astro') ? [path] : [];
  });
}

/** Lines (file:number) where text ends a line and an inline element starts the next. */
function gluedLines(file: string, source: string): string[] {
  const lines = source.split('\n');
  const found: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1]!.trimEnd();
    if (INLINE_START.test(lines[i]!.trimStart()) && TEXT_END.test(before) && !/^\s*(\/\/|\*|import\b)/.test(before)) {
      found.push(`${file}:${i + 1}`);
    }
  }
  return found;
}

describe('text before a link on the next line', () => {
  it('is found', () => {
    expect(gluedLines('x.astro', '<p>\n  escribinos a\n  <a href="/contacto">Contacto</a>\n</p>')).toEqual(['x.astro:3']);
    expect(gluedLines('x.astro', '<p>\n  escribinos\n  a <a href="/contacto">Contacto</a>\n</p>')).toEqual([]);
    expect(gluedLines('x.astro', '<li>\n  <a href="/">Inicio</a>\n</li>')).toEqual([]);
  });

  it('is in no page or component', () => {
    expect(astroFiles('site').flatMap((file) => gluedLines(file, readFileSync(file, 'utf8')))).toEqual([]);
  });
});
