// The API's error codes live in its catalogues: api/errors.ts (what the API itself refuses: bodies, sessions, limits,
// routes' own checks), api/tool-errors.ts (the same for the advertisers' and visitors' tools, apart to keep files
// short) and api/refusal-answers.ts (how each refusal of the core reads). Nothing else builds an HttpError or writes
// a code; browser code may compare an answer's code only with one of theirs.
import fs from 'node:fs';
import path from 'node:path';

export const CATALOGUES = ['api/errors.ts', 'api/tool-errors.ts', 'api/refusal-answers.ts'];

/** The codes a catalogue's text declares: `new HttpError(404, 'code'`, `notFound('code'`, `[409, 'code'`. */
export function declaredCodes(text: string): Set<string> {
  const codes = new Set<string>();
  for (const m of text.matchAll(/(?:HttpError\(\s*\d{3},|(?:notFound|conflict)\(|\[\s*\d{3},)\s*'([a-z_]+)'/g)) codes.add(m[1]!);
  return codes;
}

/** What one source file does wrong: building an HttpError outside the catalogues, or naming an unknown code. */
export function errorCodeProblems(file: string, text: string, codes: Set<string>, clientCodes: Set<string>): string[] {
  if (CATALOGUES.includes(file)) return [];
  const problems: string[] = [];
  if (/new HttpError\(/.test(text)) problems.push(`${file}: builds an HttpError; add a factory to api/errors.ts`);
  for (const m of text.matchAll(/(?<!typeof )\bcode\s*(?:===|!==)\s*'([a-z_]+)'/g)) {
    if (!codes.has(m[1]!) && !clientCodes.has(m[1]!)) problems.push(`${file}: compares with '${m[1]}', a code no catalogue declares`);
  }
  return problems;
}

/** Codes that never come from the API: made by the browser's own client, or by zod in shared schemas. */
export const CLIENT_CODES = new Set(['network_error', 'unrecognized_keys', 'invalid_type', 'custom']);

export function checkErrorCodes(root: string): string[] {
  const codes = new Set(CATALOGUES.flatMap((file) => [...declaredCodes(fs.readFileSync(path.join(root, file), 'utf8'))]));
  const problems: string[] = [];
  for (const folder of ['api', 'core', 'db', 'shared', 'site']) {
    for (const entry of fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|astro)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      problems.push(...errorCodeProblems(file, fs.readFileSync(path.join(root, file), 'utf8'), codes, CLIENT_CODES));
    }
  }
  return problems;
}
