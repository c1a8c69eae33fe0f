// ESLint reads no .astro file, so its max-lines rule (eslint.config.js) does not reach pages and components: this
// check holds them to the same limit, counted the same way (blank lines and lines holding only a comment are skipped).
import fs from 'node:fs';
import path from 'node:path';

/** The most counted lines an .astro file may have; the same as max-lines in eslint.config.js. */
export const MAX_ASTRO_LINES = 300;

/** Lines of an .astro file that hold code or markup: not blank, not only a comment (`//`, block or HTML comment). */
export function countedLines(code: string): number {
  let count = 0;
  let closing: string | null = null; // the end of the comment the previous line left open
  for (const line of code.split('\n')) {
    let rest = line.trim();
    let counted = false;
    while (rest) {
      if (closing) {
        const end = rest.indexOf(closing);
        if (end === -1) break;
        rest = rest.slice(end + closing.length).trim();
        closing = null;
      } else if (rest.startsWith('//')) break;
      else if (rest.startsWith('/*')) [closing, rest] = ['*/', rest.slice(2)];
      else if (rest.startsWith('<!--')) [closing, rest] = ['-->', rest.slice(4)];
      else {
        counted = true;
        break;
      }
    }
    if (counted) count++;
  }
  return count;
}

export interface OversizedFile {
  file: string;
  lines: number;
}

/** Every .astro file under site/ with more counted lines than the limit. */
export function oversizedAstroFiles(root: string, max = MAX_ASTRO_LINES): OversizedFile[] {
  const found: OversizedFile[] = [];
  for (const entry of fs.readdirSync(path.join(root, 'site'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.astro')) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const lines = countedLines(fs.readFileSync(path.join(root, file), 'utf8'));
    if (lines > max) found.push({ file, lines });
  }
  return found;
}
