// No import cycles (DESIGN.md, "Layers"): a cycle makes load order matter (a module sees another half-initialised)
// and two modules that cannot be understood apart. Value imports only: `import type` leaves nothing at run time.
// Checked in npm test by scripts/import-cycles.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { astroImports, resolveSpecifier, valueImports } from './layers.ts';

const FOLDERS = ['shared', 'db', 'core', 'api', 'site', 'tooling', 'scripts'];

/** Each source file's value imports of other source files of the repository. */
export function importGraph(root: string): Map<string, string[]> {
  const aliases = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports;
  const graph = new Map<string, string[]>();
  for (const folder of FOLDERS.filter((f) => fs.existsSync(path.join(root, f)))) {
    for (const entry of fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|astro)$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      const code = fs.readFileSync(path.join(root, file), 'utf8');
      const imports = file.endsWith('.astro') ? astroImports(code) : valueImports(code, file);
      graph.set(
        file,
        imports.map((i) => resolveSpecifier(i.specifier, file, aliases)?.replace(/^\.\//, '')).filter((t): t is string => !!t),
      );
    }
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one file (or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so that a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const edges = (graph.get(top.node) ?? []).filter((e) => graph.has(e));
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) found.push(component.sort());
      }
    }
  }
  return found;
}
