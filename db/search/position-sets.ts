// Sets of the catalogue index's positions (catalogue-index.ts) held as bits (bit i % 32 of word i >>> 5), to intersect
// large sets 32 positions at a time, and as an ascending list, made when first needed, to walk a small one. A search's
// matches are the intersection of the sets its filters name (its words, category, zone, languages, price...), tested
// against the filters that depend on the clock.

/** Words of bits for `size` positions. */
export const wordsFor = (size: number) => (size + 31) >>> 5;

export class PositionSet {
  readonly bits: Uint32Array;
  /** How many positions the set holds. */
  readonly count: number;
  private listed: Int32Array | null;

  private constructor(bits: Uint32Array, count: number, list: Int32Array | null) {
    this.bits = bits;
    this.count = count;
    this.listed = list;
  }

  /** The set of these positions (ascending, below `size`). */
  static of(list: Int32Array, size: number): PositionSet {
    const bits = new Uint32Array(wordsFor(size));
    for (let k = 0; k < list.length; k++) {
      const i = list[k]!;
      bits[i >>> 5]! |= 1 << (i & 31);
    }
    return new PositionSet(bits, list.length, list);
  }

  /** The positions in any of these lists (each ascending, below `size`). */
  static ofLists(lists: readonly Int32Array[], size: number): PositionSet {
    const bits = new Uint32Array(wordsFor(size));
    let count = 0;
    for (const list of lists) {
      for (let k = 0; k < list.length; k++) {
        const i = list[k]!;
        const bit = 1 << (i & 31);
        if ((bits[i >>> 5]! & bit) !== 0) continue;
        bits[i >>> 5]! |= bit;
        count += 1;
      }
    }
    return new PositionSet(bits, count, null);
  }

  /** The positions below `size` that pass `test`. */
  static where(size: number, test: (i: number) => boolean): PositionSet {
    const bits = new Uint32Array(wordsFor(size));
    let count = 0;
    for (let i = 0; i < size; i++) {
      if (!test(i)) continue;
      bits[i >>> 5]! |= 1 << (i & 31);
      count += 1;
    }
    return new PositionSet(bits, count, null);
  }

  /** The positions in any of these sets. */
  static union(sets: readonly PositionSet[], size: number): PositionSet {
    if (sets.length === 1) return sets[0]!;
    const bits = new Uint32Array(wordsFor(size));
    for (const set of sets) for (let w = 0; w < bits.length; w++) bits[w]! |= set.bits[w]!;
    return new PositionSet(bits, countBits(bits), null);
  }

  static readonly EMPTY = new PositionSet(new Uint32Array(0), 0, new Int32Array(0));

  /** The positions, ascending. */
  get list(): Int32Array {
    this.listed ??= listBits(this.bits, this.count);
    return this.listed;
  }
}

function countBits(bits: Uint32Array): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    count += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

function listBits(bits: Uint32Array, count: number): Int32Array {
  const out = new Int32Array(count);
  listInto(bits, out, null);
  return out;
}

/** Writes the positions of `bits` that `accept` passes (all without it) to `out`, ascending; returns how many. */
function listInto(bits: Uint32Array, out: Int32Array, accept: ((i: number) => boolean) | null): number {
  let at = 0;
  for (let w = 0; w < bits.length; w++) {
    let rest = bits[w]!;
    while (rest !== 0) {
      const lowest = rest & -rest;
      const i = (w << 5) | (31 - Math.clz32(lowest));
      rest ^= lowest;
      if (!accept || accept(i)) out[at++] = i;
    }
  }
  return at;
}

/**
 * A search's matches: how many, and either their positions (ascending) or their bits. Either is the index's scratch
 * space (valid until its next search) or a set's own bits: read them, never write them.
 */
export type Matches =
  { total: number; positions: Int32Array; bits?: undefined } | { total: number; bits: Uint32Array; positions?: undefined };

/** The positions of matches held as bits, written to `out` (at least `matches.total` long). */
export function positionsOf(matches: Matches, out: Int32Array): Int32Array {
  return matches.positions ?? out.subarray(0, listInto(matches.bits, out, null));
}

/**
 * The positions below `size` that are in every one of `sets` (every position when there is none) and that `accept`
 * passes. The smallest set is walked, the others' bits tested at each of its positions, when it holds fewer positions
 * than the bits have words; otherwise all the sets' bits are intersected a word at a time into `scratch`
 * (wordsFor(size) long), and only then, if there is a test, are the positions left tested and listed into `out`: with
 * no test the matches are those bits, counted, listed only if a page needs them (index-pages.ts).
 */
export function intersect(
  sets: readonly PositionSet[],
  size: number,
  accept: ((i: number) => boolean) | null,
  out: Int32Array,
  scratch: Uint32Array,
): Matches {
  let total = 0;
  if (sets.length === 0) {
    for (let i = 0; i < size; i++) if (!accept || accept(i)) out[total++] = i;
    return { total, positions: out.subarray(0, total) };
  }
  const [smallest, ...others] = [...sets].sort((a, b) => a.count - b.count) as [PositionSet, ...PositionSet[]];
  if (smallest.count === 0) return { total: 0, positions: out.subarray(0, 0) };
  if (others.length === 0 && !accept) return { total: smallest.count, bits: smallest.bits };
  if (smallest.count < scratch.length) {
    const list = smallest.list;
    walk: for (let k = 0; k < list.length; k++) {
      const i = list[k]!;
      for (let t = 0; t < others.length; t++) if ((others[t]!.bits[i >>> 5]! & (1 << (i & 31))) === 0) continue walk;
      if (!accept || accept(i)) out[total++] = i;
    }
    return { total, positions: out.subarray(0, total) };
  }
  let bits = smallest.bits;
  if (others.length > 0) {
    scratch.set(bits);
    for (const set of others) for (let w = 0; w < scratch.length; w++) scratch[w]! &= set.bits[w]!;
    bits = scratch;
  }
  if (!accept) return { total: countBits(bits), bits };
  total = listInto(bits, out, accept);
  return { total, positions: out.subarray(0, total) };
}
