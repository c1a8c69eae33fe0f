// The ranking is defined once (shared/ranking.ts, docs/decisions/050-ranking.md) and both orders are derived from it:
// the database's ORDER BY (orderKeys and applyOrderKeys, db/queries/search-order.ts) and the in-memory index's
// (IndexOrders, db/search/index-orders.ts). searchAds and CatalogueIndex call exactly these with the module's own
// ranking, which catalogue-index.test.ts compares over hundreds of searches. Here a factor that exists nowhere else
// ("con precio": priced ads first within their tier) is added to a ranking, with its SQL, and it reaches both orders
// alike; and the stored ranks the database computes are the module's turnRank and restingRank. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { adRow, createRandom, demoAdInput, insertAdvertiser } from '#tooling/factories/index.ts';
import {
  RANKING,
  RANK_FACTORS,
  SEARCH_ORDERS,
  planTier,
  restingRank,
  rotationWindowAt,
  takesTurns,
  tierOfRank,
  turnRank,
  turnStart,
  type RankFactor,
  type Ranking,
} from '#shared/ranking.ts';
import { FACTOR_SQL, applyOrderKeys, orderKeys, type FactorSql } from '#db/queries/search-order.ts';
import { refreshSearchRanks } from '#db/queries/search-rank.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { publicAds } from '#db/queries/search-ads.ts';
import type { IndexRow } from './index-row.ts';
import { IndexOrders } from './index-orders.ts';

// A Saturday night in Buenos Aires.
const NOW = new Date('2026-06-20T02:30:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestDb;
let rows: IndexRow[];

beforeAll(async () => {
  t = await createTestDb();
  const rand = createRandom(23);
  const advertiser = await insertAdvertiser(t.db);
  const ads = [];
  for (let i = 0; i < 150; i++) {
    const input = demoAdInput(rand, NOW);
    if (input.plan !== 'gratuito') input.planExpiresAt = new Date(NOW.getTime() + (rand.chance(0.3) ? -DAY : 10 * DAY));
    if (rand.chance(0.1)) input.state = rand.pick(['paused', 'pending']);
    if (rand.chance(0.3)) input.pricePerHour = null;
    ads.push(adRow(advertiser, input, NOW));
  }
  await t.db('ads').insert(ads);
  const ids: number[] = await t.db('ads').where('state', 'published').orderBy('id').pluck('id');
  const windows = ids
    .filter((_, i) => i % 6 === 0)
    .map((adId, i) => ({
      ad_id: adId,
      kind: i % 5 === 4 ? 'off' : 'available',
      starts_at: new Date(NOW.getTime() - HOUR),
      ends_at: new Date(NOW.getTime() + (i % 2 ? HOUR : 3 * HOUR)),
      created_at: new Date(NOW.getTime() - HOUR),
    }));
  await t.db('availability_windows').insert(windows);
  rows = await loadIndexRows(t.db, NOW);
});
afterAll(() => t.destroy());

/** The ids of every published ad in `order` as the database sorts them under `ranking`. */
async function databaseOrder(order: string, now: Date, ranking: Ranking = RANKING, sql: Record<string, FactorSql> = FACTOR_SQL) {
  const query = publicAds(t.db).select('ads.id');
  applyOrderKeys(t.db, query, await orderKeys(t.db, order, now, ranking, sql), now, sql);
  return ((await query) as { id: number }[]).map((r) => Number(r.id));
}

/** The same, as the index's orders walk them. */
async function indexOrder(order: string, now: Date, ranking: Ranking = RANKING) {
  const orders = await IndexOrders.build(rows, ranking);
  return [...orders.walk(order, now.getTime()).walk].map((i) => rows[i]!.id);
}

const withPrice: RankFactor = { kind: 'stored', value: (ad) => (ad.pricePerHour === null ? 0 : 1) };
const withPriceSql: FactorSql = { expression: () => ['case when ads.price_per_hour is null then 0 else 1 end', []] };
const priced: Ranking = {
  factors: { ...RANK_FACTORS, withPrice },
  orders: {
    ...SEARCH_ORDERS,
    relevancia: [
      { factor: 'tier', descending: true },
      { factor: 'withPrice', descending: true },
      { factor: 'availableNow', descending: true },
      { factor: 'searchRank', descending: true },
      { factor: 'id', descending: true },
    ],
  },
};

describe('both orders derive from the ranking', () => {
  it('gives the same order of every ad through both, for every order the index keeps, while windows are on and after', async () => {
    expect(rows.length).toBeGreaterThan(100);
    for (const now of [NOW, new Date(NOW.getTime() + 2 * HOUR), new Date(NOW.getTime() + 5 * HOUR)]) {
      for (const order of Object.keys(SEARCH_ORDERS).filter((o) => o !== 'populares'))
        expect(await indexOrder(order, now), `${order} at ${now.toISOString()}`).toEqual(await databaseOrder(order, now));
    }
  });

  it('takes a factor added to the ranking into both orders alike', async () => {
    const sql = { ...FACTOR_SQL, withPrice: withPriceSql };
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const now of [NOW, new Date(NOW.getTime() + 5 * HOUR)]) {
      const fromDatabase = await databaseOrder('relevancia', now, priced, sql);
      expect(await indexOrder('relevancia', now, priced)).toEqual(fromDatabase);
      expect(fromDatabase).not.toEqual(await databaseOrder('relevancia', now));
      // Within each tier, every priced ad before every unpriced one.
      const keys = fromDatabase.map((id) => [tierOfRank(byId.get(id)!.searchRank), byId.get(id)!.pricePerHour === null ? 0 : 1]);
      for (let i = 1; i < keys.length; i++) if (keys[i]![0] === keys[i - 1]![0]) expect(keys[i]![1]).toBeLessThanOrEqual(keys[i - 1]![1]!);
    }
  });

  it('stores the ranks the module defines: turnRank for published ads (from turnStart), restingRank for the rest', async () => {
    for (const now of [NOW, new Date(NOW.getTime() + 40 * 60_000), new Date(NOW.getTime() + 3 * DAY)]) {
      await refreshSearchRanks(t.db, now);
      const ads = (await t.db('ads').orderBy('id').select('id', 'state', 'plan', 'plan_expires_at', 'category', 'search_rank')).map(
        (a) => ({
          ...a,
          id: Number(a.id),
          tier: planTier(a.plan, a.plan_expires_at === null ? null : new Date(a.plan_expires_at).getTime(), now.getTime()),
        }),
      );
      const at = rotationWindowAt(now);
      for (const ad of ads) {
        const group = ads.filter((o) => takesTurns(o.state) && o.category === ad.category && o.tier === ad.tier);
        const expected = takesTurns(ad.state)
          ? turnRank(ad.tier, group.indexOf(ad), group.length, turnStart(ad.tier, group.length, at))
          : restingRank(ad.tier);
        expect(Number(ad.search_rank), `ad ${ad.id}`).toBe(expected);
      }
    }
  });
});
