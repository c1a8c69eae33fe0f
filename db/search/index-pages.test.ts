// pageOf picks a page of matches by walking the order or by sorting the matches; both must give what reading the
// whole order would, for few and many matches, first, deep and past-the-end pages, listed or held as bits.
import { describe, expect, it } from 'vitest';
import { RESULTS_PER_PAGE } from '#shared/catalogue.ts';
import { createRandom } from '#tooling/factories/random.ts';
import { pageOf } from './index-pages.ts';
import { PositionSet } from './position-sets.ts';

const N = 5_000;

function shuffledOrder(seed: number) {
  const random = createRandom(seed);
  const walk = Int32Array.from({ length: N }, (_, i) => i);
  for (let k = N - 1; k > 0; k--) {
    const j = random.int(0, k);
    [walk[k], walk[j]] = [walk[j]!, walk[k]!];
  }
  const rank = new Int32Array(N);
  walk.forEach((i, k) => (rank[i] = k));
  return { order: { walk, rank }, random };
}

describe('pageOf', () => {
  it('gives the page that reading the whole order gives, with few or many matches', () => {
    const { order, random } = shuffledOrder(7);
    const marks = new Uint8Array(N);
    const out = new Int32Array(N);
    for (const share of [0, 0.0005, 0.003, 0.02, 0.2, 0.9, 1]) {
      const hits = Int32Array.from({ length: N }, (_, i) => i).filter(() => random.next() < share);
      const matching = new Set(hits);
      const inOrder = [...order.walk].filter((i) => matching.has(i));
      for (const from of [0, RESULTS_PER_PAGE, 3 * RESULTS_PER_PAGE, Math.max(0, hits.length - 5)]) {
        const page = inOrder.slice(from, from + RESULTS_PER_PAGE);
        const listed = { total: hits.length, positions: hits };
        expect([...pageOf(order, listed, from, marks, out)], `share ${share}, from ${from}`).toEqual(page);
        expect(marks.every((m) => m === 0)).toBe(true);
        // The same matches held as bits (position-sets.ts): walked by testing them, or listed into `out` to be sorted.
        const asBits = { total: hits.length, bits: PositionSet.of(hits, N).bits };
        expect([...pageOf(order, asBits, from, marks, out)], `bits, share ${share}, from ${from}`).toEqual(page);
      }
    }
  });
});
