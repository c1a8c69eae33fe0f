// The layer rule (docs/decisions/017-layers.md, 051-core.md): site → core, api → core, core → db, one way, with
// shared/ below all of them and browser code importing no server module. Types may cross any line (`import type` leaves nothing
// in the output); values may not. Tests, tooling, benchmarks and end-to-end tests stand outside the layers.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Layer = 'shared' | 'db' | 'core' | 'api' | 'routes' | 'app' | 'site-server' | 'browser' | 'tooling';

/** What each layer may import (values). Tooling (seeds, factories, test helpers) may import anything; nothing
 * in a layer may import tooling. */
export const ALLOWED: Record<Exclude<Layer, 'tooling'>, Layer[]> = {
  shared: ['shared'],
  db: ['db', 'shared'],
  core: ['core', 'db', 'shared'],
  // The API's adapters (sessions, uploads, mail transport, stores, jobs): they may read and write through db/.
  api: ['api', 'core', 'db', 'shared'],
  // Route files (api/routes/**) run no query: what they answer comes from the core (decision 051).
  routes: ['routes', 'api', 'core', 'shared'],
  // api/app.ts mounts the routers on the adapters it makes.
  app: ['app', 'routes', 'api', 'core', 'db', 'shared'],
  // Pages and components render islands, so they import browser modules too.
  // Pages and components reach the data and the rules through the core only (decision 051).
  'site-server': ['site-server', 'browser', 'core', 'shared'],
  browser: ['browser', 'shared'],
};

// api/security/ holds only the security test suite and its helpers; test helpers live in a testing/ folder or a
// testing.ts beside the tests that use them, and are imported by tests only. api/main.ts is the composition root:
// it also seeds demo data into an empty database (npm start), which is tooling's job.
const TOOLING = [/\.test\.tsx?$/, /^tooling\//, /^api\/security\//, /(^|\/)testing(\/|\.ts$)/, /^api\/main\.ts$/];

/** The layer of a file given by its path from the repository root, or null when it stands outside them all. */
export function layerOf(file: string): Layer | null {
  if (file.endsWith('.d.ts')) return null;
  if (TOOLING.some((re) => re.test(file))) return 'tooling';
  if (file.startsWith('shared/')) return 'shared';
  if (file.startsWith('db/')) return 'db';
  if (file.startsWith('core/')) return 'core';
  if (file.startsWith('api/routes/')) return 'routes';
  if (file === 'api/app.ts') return 'app';
  if (file.startsWith('api/')) return 'api';
  if (/^site\/(islands|stores|lib)\//.test(file)) return 'browser';
  if (file.startsWith('site/')) return 'site-server';
  return null;
}

export interface SourceImport {
  specifier: string;
  line: number;
  /** 'browser' for an .astro file's <script> blocks, which run in the browser whatever the file's layer. */
  runsIn?: Layer;
}

/** The value imports of a TypeScript/TSX source: static, re-exports, side effects and dynamic import(). */
export function valueImports(code: string, fileName = 'file.tsx', lineOffset = 0, withTypes = false): SourceImport[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: SourceImport[] = [];
  const add = (node: ts.Node, specifier: ts.Expression) => {
    if (ts.isStringLiteral(specifier))
      found.push({ specifier: specifier.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 + lineOffset });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && (withTypes || !isTypeOnlyImport(node))) add(node, node.moduleSpecifier);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && (withTypes || !node.isTypeOnly)) add(node, node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0])
      add(node, node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** An .astro file: its frontmatter runs on the server, its <script> blocks in the browser. */
export function astroImports(code: string): SourceImport[] {
  const found: SourceImport[] = [];
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(code);
  if (frontmatter) found.push(...valueImports(frontmatter[1], 'frontmatter.ts', 1));
  for (const script of code.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    const lineOffset = code.slice(0, script.index).split('\n').length - 1;
    found.push(...valueImports(script[1], 'script.ts', lineOffset).map((i) => ({ ...i, runsIn: 'browser' as const })));
  }
  return found;
}

/** Where a specifier points, as a path from the repository root; null for packages and Node built-ins. */
export function resolveSpecifier(specifier: string, fromFile: string, aliases: Record<string, string>): string | null {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  for (const [pattern, target] of Object.entries(aliases)) {
    const prefix = pattern.replace(/\*$/, '');
    if (specifier.startsWith(prefix)) return path.posix.normalize(target.replace(/\*$/, '') + specifier.slice(prefix.length));
  }
  return null;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  from: Layer;
  to: Layer;
}

/** Checks one file's imports against the rule. */
export function checkFile(file: string, code: string, aliases: Record<string, string>): Violation[] {
  const layer = layerOf(file);
  if (!layer || layer === 'tooling') return [];
  // Browser code names no server type either: what it receives is typed by the contracts in shared/ (decision 051).
  const imports = file.endsWith('.astro') ? astroImports(code) : valueImports(code, file, 0, layer === 'browser');
  const violations: Violation[] = [];
  for (const { specifier, line, runsIn } of imports) {
    const from = runsIn ?? layer;
    const target = resolveSpecifier(specifier, file, aliases);
    const to = target && layerOf(target.replace(/^\.\//, ''));
    if (to && !ALLOWED[from as Exclude<Layer, 'tooling'>].includes(to)) violations.push({ file, line, specifier, from, to });
  }
  return violations;
}

/** Every violation in the repository's layered folders. */
export function checkRepository(root: string): Violation[] {
  const aliases = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports;
  const violations: Violation[] = [];
  for (const folder of ['shared', 'db', 'core', 'api', 'site', 'tooling']) {
    for (const entry of fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|astro)$/.test(entry.name)) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      violations.push(...checkFile(file, fs.readFileSync(path.join(root, file), 'utf8'), aliases));
    }
  }
  return violations;
}

export const describeViolation = (v: Violation) => `${v.file}:${v.line} (${v.from}) imports ${v.specifier} (${v.to})`;
