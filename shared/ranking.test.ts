// The ranking's own rules (docs/decisions/050-ranking.md): every order is total, a clock factor only lifts, and an
// order reduces to what the database can read from an index when nobody has a clock factor on.
import { describe, expect, it } from 'vitest';
import {
  RANKING,
  SEARCH_ORDERS,
  TIER_WEIGHT,
  VIP_RANK_FLOOR,
  effectiveKeys,
  isKeptOutsideDatabase,
  planOfTier,
  planTier,
  rotationRank,
  tierOfRank,
  turnRank,
} from './ranking.ts';

describe('the orders', () => {
  it('end with the id, so that two ads never tie; a clock factor is always descending (it lifts)', () => {
    for (const [order, keys] of Object.entries(SEARCH_ORDERS)) {
      expect(keys.at(-1), order).toEqual({ factor: 'id', descending: true });
      for (const key of keys) if (RANKING.factors[key.factor]!.kind === 'clock') expect(key.descending, order).toBe(true);
    }
  });

  it('reduce the default order to the stored rank while nobody is "Disponible ahora"', () => {
    const keys = SEARCH_ORDERS.relevancia;
    expect(effectiveKeys(keys, RANKING.factors, () => false).map((k) => k.factor)).toEqual(['searchRank', 'id']);
    expect(effectiveKeys(keys, RANKING.factors, () => true).map((k) => k.factor)).toEqual(['tier', 'availableNow', 'searchRank', 'id']);
  });

  it('leave only the order by views to the database', () => {
    const kept = Object.entries(SEARCH_ORDERS).filter(([, keys]) => isKeptOutsideDatabase(keys, RANKING.factors));
    expect(kept.map(([order]) => order).sort()).toEqual(['precio-mayor', 'precio-menor', 'recientes', 'relevancia', 'verificados']);
  });
});

describe('the stored rank', () => {
  it('puts every tier above the one below, whatever the place', () => {
    const day = 20_600;
    expect(tierOfRank(rotationRank(2_000_000_000, 0, day))).toBe(0);
    expect(tierOfRank(turnRank(2, 0, 3, day))).toBe(2);
    expect(turnRank(1, 0, TIER_WEIGHT - 1, day)).toBeLessThan(VIP_RANK_FLOOR);
    expect(planOfTier(tierOfRank(VIP_RANK_FLOOR))).toBe('vip');
  });

  it('gives each of k turn-takers the first place once in any k days running', () => {
    const firsts = Array.from({ length: 3 }, (_, d) => [0, 1, 2].sort((a, b) => turnRank(2, b, 3, d) - turnRank(2, a, 3, d))[0]);
    expect(new Set(firsts).size).toBe(3);
  });

  it('counts a paid plan only while it is in force', () => {
    expect(planTier('vip', 2_000, 1_000)).toBe(2);
    expect(planTier('vip', 1_000, 1_000)).toBe(0);
    expect(planTier('premium', null, 1_000)).toBe(0);
  });
});
