// One page of a search's matches in the index's order (catalogue-index.ts): either by walking the order and skipping
// what does not match, or by sorting the matches by their places in it, whichever reads fewer positions.
import { RESULTS_PER_PAGE } from '#shared/catalogue.ts';
import type { Walk } from './index-orders.ts';

/**
 * The positions of the page starting at the `from`-th match, in order. `marks` is a 0-filled array of the index's
 * size, borrowed (it is 0-filled again on return).
 */
export function pageOf(order: Walk, hits: Int32Array, from: number, marks: Uint8Array): Int32Array {
  return sortingIsCheaper(hits.length, from, order.walk.length)
    ? pageBySorting(order, hits, from)
    : pageByWalking(order, hits, from, marks);
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

function pageByWalking({ walk }: Walk, hits: Int32Array, from: number, marks: Uint8Array): Int32Array {
  for (let k = 0; k < hits.length; k++) marks[hits[k]!] = 1;
  const page: number[] = [];
  for (let k = 0, seen = 0; k < walk.length && page.length < RESULTS_PER_PAGE; k++) {
    const i = walk[k]!;
    if (marks[i] === 0) continue;
    if (seen >= from) page.push(i);
    seen += 1;
  }
  for (let k = 0; k < hits.length; k++) marks[hits[k]!] = 0;
  return Int32Array.from(page);
}
