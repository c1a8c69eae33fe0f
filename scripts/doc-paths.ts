// Every file path that the docs and the code's comments name must exist: a comment that points at a moved or deleted
// file sends the next engineer nowhere. Checked in npm test by scripts/doc-paths.test.ts.
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['api', 'core', 'db', 'shared', 'site', 'tooling', 'scripts', 'e2e', 'bench', 'docs', 'public'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;
/** A path from the repository root (or by its #alias) to a file with an extension. */
const PATH = new RegExp(
  `(?<![\\w./-])#?((?:${ROOTS.join('|')})/[\\w./\\[\\]-]*\\.(?:ts|tsx|astro|md|mjs|json|js|css|svg|png|sql))\\b`,
  'g',
);

export interface MissingPath {
  file: string;
  line: number;
  path: string;
}

/** The text of `file` that may name paths: the whole of a Markdown file, the comments of a source file. */
export function namingText(file: string, text: string): string[] {
  const lines = text.split('\n');
  if (file.endsWith('.md')) return lines;
  // Comment lines and trailing comments; code itself is checked by the compiler.
  return lines.map((line) => {
    const at = line.search(/(^|\s)(\/\/|\/\*|\*)/);
    return at === -1 ? '' : line.slice(at);
  });
}

export function missingPaths(root: string, file: string, text: string): MissingPath[] {
  const missing: MissingPath[] = [];
  namingText(file, text).forEach((line, i) => {
    for (const match of line.matchAll(PATH)) {
      const named = match[1]!.replace(/[.]+$/, '');
      if (!fs.existsSync(path.join(root, named))) missing.push({ file, line: i + 1, path: named });
    }
  });
  return missing;
}

/** Every missing path named in the repository's docs and comments. */
export function checkRepository(root: string): MissingPath[] {
  const files = ['README.md', ...ROOTS.filter((r) => fs.existsSync(path.join(root, r))).flatMap((r) => listFiles(root, r))];
  return files
    .filter((f) => f.endsWith('.md') || SOURCE.test(f))
    .flatMap((f) => missingPaths(root, f, fs.readFileSync(path.join(root, f), 'utf8')));
}

function listFiles(root: string, folder: string): string[] {
  return (fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}
