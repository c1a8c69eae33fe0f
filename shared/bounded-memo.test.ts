import { describe, expect, it } from 'vitest';
import { addBounded, setBounded } from './bounded-memo.ts';

describe('bounded memos', () => {
  it('forget the oldest entry once full', () => {
    const map = new Map<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) expect(setBounded(map, key, i, 3)).toBe(i);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
    const set = new Set<string>();
    for (const key of ['a', 'b', 'c', 'd']) addBounded(set, key, 3);
    expect([...set]).toEqual(['b', 'c', 'd']);
  });

  it('forget nothing when the key is already there', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    setBounded(map, 'a', 10, 2);
    expect([...map]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
    const set = new Set(['a', 'b']);
    addBounded(set, 'a', 2);
    expect([...set]).toEqual(['a', 'b']);
  });
});
