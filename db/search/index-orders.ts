// The in-memory index's orders (docs/decisions/024-search-index.md, 050-ranking.md), derived from the ranking
// (shared/ranking.ts) as the database's ORDER BY is (db/queries/search-order.ts): each order the index keeps is a
// permutation of positions, sorted at the build by the order's stored keys; at a search, a clock factor ("Disponible
// ahora") lifts the ads that have it on at that moment before the others of their group, as SQL's key does.
import type { AdWindow } from '#shared/available-now.ts';
import { RANKING, effectiveKeys, factorOf, isKeptOutsideDatabase, type RankedAd, type Ranking, type SortKey } from '#shared/ranking.ts';

/** An ad as the orders read it: its stored values, and its windows if it has any. */
export type OrderedAd = RankedAd & { windows?: readonly AdWindow[] };

type Compare = (a: number, b: number) => number;

/** Positions in an order, and each position's place in it (rank[walk[k]] === k). */
export interface Walk {
  walk: Int32Array;
  rank: Int32Array;
}

interface KeptOrder {
  /** Positions sorted by the order's keys with every clock factor off, and their places. */
  sorted: Walk;
  compare: Compare;
  /**
   * The order's clock factor, if it has one, and each position's group: the number, in the sorted order, of its run
   * of ads equal in every key before the clock factor (the group the factor lifts an ad within).
   */
  lift?: { value: (windows: readonly AdWindow[], nowMs: number) => number; group: Int32Array };
  /** The last walk with ads lifted, for the set of lifted positions it was made for (that set changes rarely). */
  lastLifted?: { key: string; walk: Walk };
}

/** Lets the event loop answer what is waiting, between the sorts of a long build. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export class IndexOrders {
  private readonly kept = new Map<string, KeptOrder>();
  /** The positions of ads with windows, and theirs: few ads have one at a time. */
  private readonly windows = new Map<number, readonly AdWindow[]>();

  private readonly size: number;

  private constructor(size: number) {
    this.size = size;
  }

  /** The orders of `rows` (positions are their places in it) that can be kept outside the database. */
  static async build(rows: readonly OrderedAd[], ranking: Ranking = RANKING): Promise<IndexOrders> {
    const orders = new IndexOrders(rows.length);
    rows.forEach((row, i) => {
      if (row.windows?.length) orders.windows.set(i, row.windows);
    });
    const values = new Map<string, Float64Array>();
    const valuesOf = (factor: string): Float64Array => {
      let list = values.get(factor);
      if (!list) {
        const definition = factorOf(ranking.factors, factor);
        if (definition.kind !== 'stored') throw new Error(`The index keeps only stored factors, not ${factor}`);
        list = Float64Array.from(rows, (row) => definition.value(row));
        values.set(factor, list);
      }
      return list;
    };
    for (const [name, keys] of Object.entries(ranking.orders)) {
      if (!isKeptOutsideDatabase(keys, ranking.factors)) continue;
      await breathe();
      orders.kept.set(name, orders.keep(keys, ranking, valuesOf));
    }
    return orders;
  }

  private keep(keys: readonly SortKey[], ranking: Ranking, valuesOf: (factor: string) => Float64Array): KeptOrder {
    const clocks = keys.filter((key) => factorOf(ranking.factors, key.factor).kind === 'clock');
    if (clocks.length > 1 || clocks.some((key) => !key.descending)) throw new Error('An order lifts by one clock factor at most');
    const compare = comparator(
      effectiveKeys(keys, ranking.factors, () => false),
      valuesOf,
    );
    const positions = Int32Array.from({ length: this.size }, (_, i) => i).sort(compare);
    const sorted = { walk: positions, rank: ranksOf(positions) };
    const clock = clocks[0];
    if (!clock) return { sorted, compare };
    const factor = factorOf(ranking.factors, clock.factor);
    if (factor.kind !== 'clock') throw new Error('unreachable');
    // The keys before the clock factor, as SQL sorts by them when it is on.
    const withClock = effectiveKeys(keys, ranking.factors, (name) => name === clock.factor);
    const prefix = withClock
      .slice(
        0,
        withClock.findIndex((key) => key.factor === clock.factor),
      )
      .map((key) => valuesOf(key.factor));
    const group = new Int32Array(this.size);
    for (let k = 1, g = 0; k < positions.length; k++) {
      const [i, previous] = [positions[k]!, positions[k - 1]!];
      if (prefix.some((v) => v[i] !== v[previous] && !(Number.isNaN(v[i]) && Number.isNaN(v[previous])))) g += 1;
      group[i] = g;
    }
    return { sorted, compare, lift: { value: factor.value, group } };
  }

  /** Whether the index keeps `order` (the database answers the others: they follow views). */
  keeps(order: string): boolean {
    return this.kept.has(order);
  }

  /**
   * The positions in `order` at `nowMs`, and their places: the stored permutation when no ad is lifted then;
   * otherwise, within each group, the lifted ads first (in the stored order), then the others.
   */
  walk(order: string, nowMs: number): Walk {
    const kept = this.kept.get(order);
    if (!kept) throw new Error(`The index does not keep the order ${order}`);
    if (!kept.lift) return kept.sorted;
    const { value, group } = kept.lift;
    const lifted = [...this.windows].filter(([, windows]) => value(windows, nowMs) !== 0).map(([i]) => i);
    if (lifted.length === 0) return kept.sorted;
    lifted.sort(kept.compare);
    const key = lifted.join(',');
    if (kept.lastLifted?.key === key) return kept.lastLifted.walk;
    const isLifted = new Uint8Array(this.size);
    for (const i of lifted) isLifted[i] = 1;
    const walk = new Int32Array(this.size);
    const sorted = kept.sorted.walk;
    let at = 0;
    let next = 0;
    let current = -1;
    for (let k = 0; k < sorted.length; k++) {
      const i = sorted[k]!;
      // Entering a group (the stored order runs through them in turn): its lifted ads come before the rest of it.
      if (group[i] !== current) {
        current = group[i]!;
        while (next < lifted.length && group[lifted[next]!] === current) walk[at++] = lifted[next++]!;
      }
      if (isLifted[i] === 0) walk[at++] = i;
    }
    kept.lastLifted = { key, walk: { walk, rank: ranksOf(walk) } };
    return kept.lastLifted.walk;
  }
}

/** Each position's place in `walk`. */
function ranksOf(walk: Int32Array): Int32Array {
  const rank = new Int32Array(walk.length);
  for (let k = 0; k < walk.length; k++) rank[walk[k]!] = k;
  return rank;
}

/** Positions compared by `keys`, each over its factor's values (NaN: no value). */
function comparator(keys: readonly SortKey[], valuesOf: (factor: string) => Float64Array): Compare {
  const parts = keys.map((key): Compare => {
    const v = valuesOf(key.factor);
    // A NaN difference (no value) is falsy: the next key decides, and a sort takes it as a tie.
    if (!key.nullsLast) return key.descending ? (a, b) => v[b]! - v[a]! : (a, b) => v[a]! - v[b]!;
    const missing = (i: number) => Number(Number.isNaN(v[i]!));
    const sign = key.descending ? -1 : 1;
    return (a, b) => missing(a) - missing(b) || sign * (v[a]! - v[b]!) || 0;
  });
  // Written out for the usual lengths: the sort calls it some 1.7 million times at 100,000 ads.
  const [p, q, r] = parts;
  if (parts.length === 1) return p!;
  if (parts.length === 2) return (a, b) => p!(a, b) || q!(a, b);
  if (parts.length === 3) return (a, b) => p!(a, b) || q!(a, b) || r!(a, b);
  return (a, b) => {
    for (const part of parts) {
      const d = part(a, b);
      if (d !== 0) return d;
    }
    return 0;
  };
}
