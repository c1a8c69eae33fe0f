// Sets of the catalogue index's positions (catalogue-index.ts) held two ways: an ascending list, to walk a small set,
// and bits (bit i % 32 of word i >>> 5), to intersect large ones 32 positions at a time. A search's matches are the
// intersection of the sets it names (its words, its category, its zone), tested against its other filters.

export interface PositionSet {
  list: Int32Array;
  bits: Uint32Array;
}

/** The set of these positions (ascending, below `size`). */
export function positionSet(list: Int32Array, size: number): PositionSet {
  const bits = new Uint32Array(wordsFor(size));
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    bits[i >>> 5]! |= 1 << (i & 31);
  }
  return { list, bits };
}

/** Words of bits for `size` positions. */
export const wordsFor = (size: number) => (size + 31) >>> 5;

/**
 * Writes to `out`, ascending, the positions below `size` that are in every one of `sets` (every position when there is
 * none) and that `accept` passes, and returns how many. The smallest set is walked, the others' bits tested at each of
 * its positions, when it holds fewer positions than the bits have words; otherwise all the sets' bits are intersected
 * a word at a time into `scratch` (wordsFor(size) long, overwritten) and only the positions left are tested.
 */
export function intersect(
  sets: readonly PositionSet[],
  size: number,
  accept: ((i: number) => boolean) | null,
  out: Int32Array,
  scratch: Uint32Array,
): number {
  let total = 0;
  if (sets.length === 0) {
    for (let i = 0; i < size; i++) if (!accept || accept(i)) out[total++] = i;
    return total;
  }
  const [smallest, ...others] = [...sets].sort((a, b) => a.list.length - b.list.length) as [PositionSet, ...PositionSet[]];
  if (others.length === 0 || smallest.list.length < scratch.length) {
    const list = smallest.list;
    walk: for (let k = 0; k < list.length; k++) {
      const i = list[k]!;
      for (let t = 0; t < others.length; t++) if ((others[t]!.bits[i >>> 5]! & (1 << (i & 31))) === 0) continue walk;
      if (!accept || accept(i)) out[total++] = i;
    }
    return total;
  }
  const words = scratch.length;
  scratch.set(smallest.bits);
  for (const set of others) {
    const bits = set.bits;
    for (let w = 0; w < words; w++) scratch[w]! &= bits[w]!;
  }
  for (let w = 0; w < words; w++) {
    let rest = scratch[w]!;
    while (rest !== 0) {
      const lowest = rest & -rest;
      const i = (w << 5) | (31 - Math.clz32(lowest));
      rest ^= lowest;
      if (!accept || accept(i)) out[total++] = i;
    }
  }
  return total;
}
