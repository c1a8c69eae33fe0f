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
  WINDOWS_PER_DAY,
  planTier,
  restingRank,
  rotationWindowAt,
  rotationWindowStart,
  tierOfRank,
  turnRank,
  turnStart,
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
    expect(tierOfRank(restingRank(0))).toBe(0);
    expect(tierOfRank(turnRank(2, 0, 3, 2))).toBe(2);
    expect(turnRank(1, 0, TIER_WEIGHT - 1, 0)).toBeLessThan(VIP_RANK_FLOOR);
    expect(planOfTier(tierOfRank(VIP_RANK_FLOOR))).toBe('vip');
  });

  it('gives each of k VIPs the first place once in any k days running, the whole day', () => {
    const firstAt = (at: { window: number; day: number; windowOfDay: number }) =>
      [0, 1, 2].sort((a, b) => turnRank(2, b, 3, turnStart(2, 3, at)) - turnRank(2, a, 3, turnStart(2, 3, at)))[0];
    const firsts = Array.from({ length: 3 }, (_, day) => firstAt({ window: 0, day, windowOfDay: 0 }));
    expect(new Set(firsts).size).toBe(3);
    for (let w = 1; w < WINDOWS_PER_DAY; w++) expect(firstAt({ window: w, day: 0, windowOfDay: w })).toBe(firsts[0]);
  });

  it('moves the other tiers forward through all their places over a day, from a place that changes daily', () => {
    const turns = 50;
    const starts = Array.from({ length: WINDOWS_PER_DAY }, (_, w) => turnStart(1, turns, { window: w, day: 7, windowOfDay: w }));
    const steps = starts.slice(1).map((s, i) => (s - starts[i]! + turns) % turns);
    expect(steps.every((step) => step <= 1)).toBe(true);
    expect(steps.reduce((a, b) => a + b, 0)).toBe(turns - 1);
    expect(turnStart(1, turns, { window: 0, day: 8, windowOfDay: 0 })).not.toBe(starts[0]);
  });

  it('numbers rotation windows from the Buenos Aires day: 72 a day, the first at midnight there', () => {
    const midnight = new Date('2026-03-01T03:00:00Z');
    const at = rotationWindowAt(midnight);
    expect(at.windowOfDay).toBe(0);
    expect(rotationWindowAt(new Date(midnight.getTime() - 1)).windowOfDay).toBe(WINDOWS_PER_DAY - 1);
    expect(rotationWindowAt(new Date(midnight.getTime() + 20 * 60_000)).window).toBe(at.window + 1);
    expect(rotationWindowStart(at.window)).toEqual(midnight);
  });

  it('counts a paid plan only while it is in force', () => {
    expect(planTier('vip', 2_000, 1_000)).toBe(2);
    expect(planTier('vip', 1_000, 1_000)).toBe(0);
    expect(planTier('premium', null, 1_000)).toBe(0);
  });
});
