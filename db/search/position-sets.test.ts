// Intersections of position sets, by walking the smallest or by intersecting bits: both give every position in all
// the sets that the test accepts, ascending, and nothing else.
import { describe, expect, it } from 'vitest';
import { intersect, positionSet, wordsFor } from './position-sets.ts';

const SIZE = 1000;
const setOf = (predicate: (i: number) => boolean) => positionSet(Int32Array.from({ length: SIZE }, (_, i) => i).filter(predicate), SIZE);
const run = (sets: Parameters<typeof intersect>[0], accept: ((i: number) => boolean) | null = null) => {
  const out = new Int32Array(SIZE);
  return Array.from(out.subarray(0, intersect(sets, SIZE, accept, out, new Uint32Array(wordsFor(SIZE)))));
};
const expected = (...predicates: ((i: number) => boolean)[]) =>
  Array.from({ length: SIZE }, (_, i) => i).filter((i) => predicates.every((p) => p(i)));

describe('intersect', () => {
  const even = (i: number) => i % 2 === 0;
  const third = (i: number) => i % 3 === 0;
  const rare = (i: number) => i % 97 === 5; // 10 positions: fewer than the bits' 32 words, so walked
  const last = (i: number) => i >= 960; // the last word, and positions 992-999 past a whole word

  it('intersects large sets through their bits, positions of every word included', () => {
    expect(run([setOf(even), setOf(third)])).toEqual(expected(even, third));
    expect(run([setOf(even), setOf(last)])).toEqual(expected(even, last));
    // Bit 31 of a word (a negative number in JavaScript's bit operations), in a set too large to walk.
    const edges = (i: number) => i % 32 === 31 || i % 5 === 0;
    expect(run([setOf(edges), setOf(third)])).toEqual(expected(edges, third));
    expect(run([setOf(edges), setOf(third)])).toContain(63);
  });

  it('walks a small set, testing the others at its positions', () => {
    expect(run([setOf(even), setOf(rare), setOf(third)])).toEqual(expected(even, rare, third));
    const wordEnds = (i: number) => i % 32 === 31; // 31 positions, bit 31 of each word
    expect(run([setOf(wordEnds), setOf(third)])).toEqual(expected(wordEnds, third));
  });

  it('applies the test to the positions left, and gives every accepted position when no set is named', () => {
    const seven = (i: number) => i % 7 === 0;
    expect(run([setOf(even), setOf(third)], seven)).toEqual(expected(even, third, seven));
    expect(run([setOf(rare)], seven)).toEqual(expected(rare, seven));
    expect(run([], seven)).toEqual(expected(seven));
    expect(run([])).toHaveLength(SIZE);
  });

  it('gives nothing when a set is empty', () => {
    expect(run([setOf(even), setOf(() => false)])).toEqual([]);
    expect(run([setOf(() => false), setOf(even), setOf(third)])).toEqual([]);
  });
});
