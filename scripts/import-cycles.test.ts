import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './import-cycles.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('imports', () => {
  const graph = importGraph(root);

  it('make no cycle', () => {
    expect(cycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('are found to cycle when they do, through any number of files', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reach models through db/models/index.ts, where their relations are declared', () => {
    const direct = [...graph].flatMap(([file, targets]) =>
      file.startsWith('db/models/')
        ? []
        : targets.filter((t) => t.startsWith('db/models/') && t !== 'db/models/index.ts').map((t) => `${file} → ${t}`),
    );
    expect(direct).toEqual([]);
  });
});
