// Memos of bounded size: once one holds `limit` entries, adding a new one forgets the oldest. Map and Set keep their
// insertion order, so the oldest is the first; a memo whose hits should stay is refreshed by deleting and adding again.

/** Sets `key` in `map`, first forgetting the oldest entry when the map is full; returns `value`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

/** Adds `key` to `set`, first forgetting the oldest when the set is full. */
export function addBounded<K>(set: Set<K>, key: K, limit: number): void {
  if (set.size >= limit && !set.has(key)) set.delete(set.values().next().value as K);
  set.add(key);
}
