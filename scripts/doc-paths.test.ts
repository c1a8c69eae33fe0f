import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRepository, missingPaths } from './doc-paths.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('paths named in docs and comments', () => {
  it('all exist', () => {
    expect(checkRepository(root).map((m) => `${m.file}:${m.line} names ${m.path}`)).toEqual([]);
  });

  it('are found in Markdown and in comments, by path or by alias, and a missing one is reported', () => {
    expect(missingPaths(root, 'docs/x.md', 'See `api/nowhere/gone.ts` and `api/app.ts`.')).toEqual([
      { file: 'docs/x.md', line: 1, path: 'api/nowhere/gone.ts' },
    ]);
    expect(missingPaths(root, 'db/x.ts', "import a from 'b';\n// runs in #api/services/gone.ts.")).toMatchObject([
      { line: 2, path: 'api/services/gone.ts' },
    ]);
    // Code is the compiler's to check: only comments are read in a source file.
    expect(missingPaths(root, 'db/x.ts', "const example = 'api/services/gone.ts';")).toEqual([]);
  });

  it('include every route folder in decision 020', () => {
    const record = fs.readFileSync(path.join(root, 'docs/decisions/020-api-conventions.md'), 'utf8');
    for (const folder of fs.readdirSync(path.join(root, 'api/routes'))) expect(record).toContain(`\`${folder}\``);
  });
});
