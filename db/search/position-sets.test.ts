// Position sets and their intersections, by walking the smallest set or by intersecting bits, with and without a test:
// every way gives every position in all the sets that the test accepts, ascending, counted, and nothing else.
import { describe, expect, it } from 'vitest';
import { intersect, PositionSet, positionsOf, wordsFor } from './position-sets.ts';

const SIZE = 1000;
const all = Int32Array.from({ length: SIZE }, (_, i) => i);
const setOf = (predicate: (i: number) => boolean) => PositionSet.of(all.filter(predicate), SIZE);
const run = (sets: PositionSet[], accept: ((i: number) => boolean) | null = null) => {
  const matches = intersect(sets, SIZE, accept, new Int32Array(SIZE), new Uint32Array(wordsFor(SIZE)));
  const positions = Array.from(positionsOf(matches, new Int32Array(SIZE)));
  expect(matches.total).toBe(positions.length);
  return positions;
};
const expected = (...predicates: ((i: number) => boolean)[]) => Array.from(all).filter((i) => predicates.every((p) => p(i)));

const even = (i: number) => i % 2 === 0;
const third = (i: number) => i % 3 === 0;
const seven = (i: number) => i % 7 === 0;
const rare = (i: number) => i % 97 === 5; // 10 positions: fewer than the bits' 32 words, so walked
const last = (i: number) => i >= 960; // the last word, and positions 992-999 past a whole word
// Bit 31 of a word (a negative number in JavaScript's bit operations), in a set too large to walk.
const edges = (i: number) => i % 32 === 31 || i % 5 === 0;

describe('position sets', () => {
  it('hold the same positions made from a list, from lists, from a test and as a union, listed and counted', () => {
    const fromTest = PositionSet.where(SIZE, edges);
    expect(Array.from(fromTest.list)).toEqual(expected(edges));
    expect(fromTest.count).toBe(expected(edges).length);
    const lists = PositionSet.ofLists([all.filter(even), all.filter(third), all.filter(even)], SIZE);
    const union = PositionSet.union([setOf(even), setOf(third)], SIZE);
    const eitherOf = expected((i) => even(i) || third(i));
    for (const set of [lists, union]) {
      expect(Array.from(set.list)).toEqual(eitherOf);
      expect(set.count).toBe(eitherOf.length);
    }
  });
});

describe('intersect', () => {
  it('intersects large sets through their bits, positions of every word included', () => {
    expect(run([setOf(even), setOf(third)])).toEqual(expected(even, third));
    expect(run([setOf(even), setOf(last)])).toEqual(expected(even, last));
    expect(run([setOf(edges), setOf(third)])).toEqual(expected(edges, third));
    expect(run([setOf(edges), setOf(third)])).toContain(63);
  });

  it('walks a small set, testing the others at its positions', () => {
    expect(run([setOf(even), setOf(rare), setOf(third)])).toEqual(expected(even, rare, third));
    const wordEnds = (i: number) => i % 32 === 31; // 31 positions, bit 31 of each word
    expect(run([setOf(wordEnds), setOf(third)])).toEqual(expected(wordEnds, third));
  });

  it('applies the test to the positions left, and gives every accepted position when no set is named', () => {
    expect(run([setOf(even), setOf(third)], seven)).toEqual(expected(even, third, seven));
    expect(run([setOf(even)], seven)).toEqual(expected(even, seven));
    expect(run([setOf(rare)], seven)).toEqual(expected(rare, seven));
    expect(run([], seven)).toEqual(expected(seven));
    expect(run([])).toHaveLength(SIZE);
    expect(run([setOf(even)])).toEqual(expected(even));
  });

  it('gives nothing when a set is empty', () => {
    expect(run([setOf(even), PositionSet.EMPTY])).toEqual([]);
    expect(run([setOf(() => false), setOf(even), setOf(third)])).toEqual([]);
  });
});
