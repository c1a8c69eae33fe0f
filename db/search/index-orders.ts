// The in-memory index's orders (docs/decisions/024-search-index.md, 050-ranking.md), derived from the ranking
// (shared/ranking.ts) as the database's ORDER BY is (db/queries/search-order.ts): each order the index keeps is a
// permutation of positions, sorted at the build by the order's stored keys; at a search, a clock factor ("Disponible
// ahora") lifts the ads that have it on at that moment before the others of their group, as SQL's key does.
import type { AdWindow } from '#shared/available-now.ts';
import { RANKING, effectiveKeys, factorOf, isKeptOutsideDatabase, type RankedAd, type Ranking, type SortKey } from '#shared/ranking.ts';

/** An ad as the orders read it: its stored values, and its windows if it has any. */
export type OrderedAd = RankedAd & { windows?: readonly AdWindow[] };

type Compare = (a: number, b: number) => number;
type Same = (a: number, b: number) => boolean;

interface KeptOrder {
  /** Positions sorted by the order's keys with every clock factor off. */
  sorted: Int32Array;
  compare: Compare;
  /** The order's clock factor, if it has one, and the keys before it (the group it lifts an ad within). */
  lift?: { value: (windows: readonly AdWindow[], nowMs: number) => number; sameGroup: Same };
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
    const sorted = Int32Array.from({ length: this.size }, (_, i) => i).sort(compare);
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
    const sameGroup: Same = (a, b) => {
      for (const v of prefix) if (v[a] !== v[b] && !(Number.isNaN(v[a]) && Number.isNaN(v[b]))) return false;
      return true;
    };
    return { sorted, compare, lift: { value: factor.value, sameGroup } };
  }

  /** Whether the index keeps `order` (the database answers the others: they follow views). */
  keeps(order: string): boolean {
    return this.kept.has(order);
  }

  /**
   * The positions in `order` at `nowMs`: the stored permutation when no ad is lifted then; otherwise, within each
   * group, the lifted ads first (in the stored order), then the others.
   */
  walk(order: string, nowMs: number): Int32Array {
    const kept = this.kept.get(order);
    if (!kept) throw new Error(`The index does not keep the order ${order}`);
    if (!kept.lift) return kept.sorted;
    const { value, sameGroup } = kept.lift;
    const lifted = [...this.windows].filter(([, windows]) => value(windows, nowMs) !== 0).map(([i]) => i);
    if (lifted.length === 0) return kept.sorted;
    lifted.sort(kept.compare);
    const isLifted = new Uint8Array(this.size);
    for (const i of lifted) isLifted[i] = 1;
    const walk = new Int32Array(this.size);
    let at = 0;
    let next = 0;
    let group = -1;
    for (const i of kept.sorted) {
      // Entering a group (the stored order runs through them in turn): its lifted ads come before the rest of it.
      if (group === -1 || !sameGroup(i, group)) {
        group = i;
        while (next < lifted.length && sameGroup(lifted[next]!, group)) walk[at++] = lifted[next++]!;
      }
      if (isLifted[i] === 0) walk[at++] = i;
    }
    return walk;
  }
}

/** Positions compared by `keys`, each over its factor's values (NaN: no value). */
function comparator(keys: readonly SortKey[], valuesOf: (factor: string) => Float64Array): Compare {
  const parts = keys.map((key): Compare => {
    const v = valuesOf(key.factor);
    const sign = key.descending ? -1 : 1;
    // NaN - NaN is NaN: `|| 0` makes two ads without a value equal.
    if (!key.nullsLast) return (a, b) => sign * (v[a]! - v[b]!) || 0;
    return (a, b) => Number(Number.isNaN(v[a]!)) - Number(Number.isNaN(v[b]!)) || sign * (v[a]! - v[b]!) || 0;
  });
  return (a, b) => {
    for (const part of parts) {
      const d = part(a, b);
      if (d !== 0) return d;
    }
    return 0;
  };
}
