// One page of a search's matches in the index's order (catalogue-index.ts): either by walking the order and skipping
// what does not match, or by sorting the matches by their places in it, whichever reads fewer positions.
import { RESULTS_PER_PAGE } from '#shared/catalogue.ts';
import type { Walk } from './index-orders.ts';
import { positionsOf, type Matches } from './position-sets.ts';

/**
 * The positions of the page starting at the `from`-th match, in order. `marks` is a 0-filled array of the index's
 * size, borrowed (it is 0-filled again on return); `out` is where matches held as bits are listed if a sort needs them.
 */
export function pageOf(order: Walk, matches: Matches, from: number, marks: Uint8Array, out: Int32Array): Int32Array {
  if (sortingIsCheaper(matches.total, from, order.walk.length)) return pageBySorting(order, positionsOf(matches, out), from);
  if (matches.bits) {
    const bits = matches.bits;
    return pageByWalking(order, (i) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0, from);
  }
  const hits = matches.positions;
  for (let k = 0; k < hits.length; k++) marks[hits[k]!] = 1;
  try {
    return pageByWalking(order, (i) => marks[i] === 1, from);
  } finally {
    for (let k = 0; k < hits.length; k++) marks[hits[k]!] = 0;
  }
}

/**
 * Whether sorting the matches by their places beats walking the order: a walk reads about (from + page) * n / total
 * positions (all n when the matches end before the page does), a sort some total * log2(total) steps.
 */
function sortingIsCheaper(total: number, from: number, n: number): boolean {
  if (total === 0) return true;
  const walked = from + RESULTS_PER_PAGE >= total ? n : ((from + RESULTS_PER_PAGE) * n) / total;
  return total * Math.log2(total + 1) * 2 < walked;
}

function pageBySorting({ walk, rank }: Walk, hits: Int32Array, from: number): Int32Array {
  const places = new Int32Array(hits.length);
  for (let k = 0; k < hits.length; k++) places[k] = rank[hits[k]!]!;
  places.sort();
  return places.subarray(from, from + RESULTS_PER_PAGE).map((place) => walk[place]!);
}

function pageByWalking({ walk }: Walk, matches: (i: number) => boolean, from: number): Int32Array {
  const page: number[] = [];
  for (let k = 0, seen = 0; k < walk.length && page.length < RESULTS_PER_PAGE; k++) {
    const i = walk[k]!;
    if (!matches(i)) continue;
    if (seen >= from) page.push(i);
    seen += 1;
  }
  return Int32Array.from(page);
}
