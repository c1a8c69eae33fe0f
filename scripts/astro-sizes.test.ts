import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ASTRO_LINES, countedLines, oversizedAstroFiles } from './astro-sizes.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('.astro files', () => {
  it(`have at most ${MAX_ASTRO_LINES} lines of code and markup each`, () => {
    expect(oversizedAstroFiles(root).map((f) => `${f.file} has ${f.lines} lines`)).toEqual([]);
  });

  it('are counted without blank lines and comments', () => {
    const page = [
      '---',
      '// The page of one thing.',
      "import Layout from '../layouts/base-layout.astro';",
      '/* a comment',
      '   over two lines */',
      '---',
      '',
      '<!-- a section',
      '     with a note -->',
      '<Layout title="x"><p>x</p></Layout> <!-- code and a comment count -->',
      '<style>',
      '  p { color: red; } /* so does this */',
      '</style>',
    ].join('\n');
    expect(countedLines(page)).toBe(7);
  });

  it('over the limit are reported', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-sizes-'));
    try {
      fs.mkdirSync(path.join(dir, 'site/pages'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'site/pages/long.astro'), `---\n---\n${'<p>x</p>\n\n'.repeat(MAX_ASTRO_LINES - 1)}`);
      fs.writeFileSync(path.join(dir, 'site/pages/short.astro'), `---\n---\n${'<p>x</p>\n'.repeat(MAX_ASTRO_LINES - 2)}`);
      expect(oversizedAstroFiles(dir)).toEqual([{ file: 'site/pages/long.astro', lines: MAX_ASTRO_LINES + 1 }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
