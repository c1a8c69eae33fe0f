// The database's side of the ranking (shared/ranking.ts, docs/decisions/050-ranking.md): the SQL of each factor, and
// an order's ORDER BY built from the ranking's keys, so that SQL sorts exactly as the in-memory index does.
import type { Knex } from 'knex';
import {
  PLAN_TIERS,
  RANKING,
  TIER_WEIGHT,
  effectiveKeys,
  factorOf,
  type RankFactorName,
  type Ranking,
  type SortKey,
} from '#shared/ranking.ts';
import { adsLiftedAt, adsWithWindowAt, anyLiftedAt } from './availability-windows.ts';

/** SQL for the plan tier in force at `now` (PLAN_TIERS: 2 VIP, 1 Premium, 0 otherwise), with its bindings. */
export function planTierSql(now: Date): [string, Knex.RawBinding[]] {
  // The plan names are the catalogue's constants, never input.
  const paid = PLAN_TIERS.map((plan, tier) => `when ads.plan = '${plan}' then ${tier}`)
    .slice(1)
    .reverse();
  return [`case when ads.plan_expires_at is null or ads.plan_expires_at <= ? then 0 ${paid.join(' ')} else 0 end`, [now]];
}

/** The plan tier in force at `now` as a selected column, plan_tier (planOfTier of shared/ranking.ts reads it). */
export function planTierColumn(db: Knex, now: Date): Knex.Raw {
  const [sql, bindings] = planTierSql(now);
  return db.raw(`${sql} as plan_tier`, bindings);
}

/** A factor as SQL over the `ads` row of a search. */
export interface FactorSql {
  expression(db: Knex, now: Date): [string, Knex.RawBinding[]];
  /** A clock factor: whether any ad has it on at `now`. When none has, the order leaves it out (shared/ranking.ts). */
  anyOn?(db: Knex, now: Date): Promise<boolean>;
}

const column = (sql: string): FactorSql => ({ expression: () => [sql, []] });

/** One entry per factor of the ranking: a new factor does not compile until it has its SQL here. */
export const FACTOR_SQL: Record<RankFactorName, FactorSql> = {
  // search_rank is an integer: the division is the tier on both dialects.
  tier: column(`ads.search_rank / ${TIER_WEIGHT}`),
  availableNow: {
    // Uncorrelated subqueries on the windows' index (decision 032); the expression cannot use the index on
    // search_rank, so it is only asked for while some ad is lifted (the first hour of a window, decision 064).
    expression: (db, now) => {
      const available = adsLiftedAt(db, now).toSQL();
      const off = adsWithWindowAt(db, 'off', now).toSQL();
      return [
        `case when ads.id in (${available.sql}) and ads.id not in (${off.sql}) then 1 else 0 end`,
        [...available.bindings, ...off.bindings],
      ];
    },
    anyOn: anyLiftedAt,
  },
  searchRank: column('ads.search_rank'),
  publishedAt: column('ads.published_at'),
  price: column('ads.price_per_hour'),
  photosVerified: column('ads.photos_verified'),
  viewCount: column('ads.view_count'),
  id: column('ads.id'),
};

/** The keys `order` sorts by at `now`: its clock factors only when some ad has them on. */
export async function orderKeys(
  db: Knex,
  order: string,
  now: Date,
  ranking: Ranking = RANKING,
  sql: Readonly<Record<string, FactorSql>> = FACTOR_SQL,
): Promise<SortKey[]> {
  const keys = ranking.orders[order];
  if (!keys) throw new Error(`Unknown order: ${order}`);
  const on = new Set<string>();
  for (const key of keys) {
    if (factorOf(ranking.factors, key.factor).kind === 'clock' && (await sqlOf(sql, key.factor).anyOn?.(db, now))) on.add(key.factor);
  }
  return effectiveKeys(keys, ranking.factors, (factor) => on.has(factor));
}

/** Orders `query` (which selects from `ads`) by `keys`. */
export function applyOrderKeys(
  db: Knex,
  query: Knex.QueryBuilder,
  keys: readonly SortKey[],
  now: Date,
  sql: Readonly<Record<string, FactorSql>> = FACTOR_SQL,
): void {
  for (const key of keys) {
    const [expression, bindings] = sqlOf(sql, key.factor).expression(db, now);
    // Written out: Knex's SQLite dialect drops the column when given a nulls position.
    if (key.nullsLast) query.orderByRaw(`(${expression} is null) asc`, bindings);
    query.orderByRaw(`${expression} ${key.descending ? 'desc' : 'asc'}`, bindings);
  }
}

function sqlOf(sql: Readonly<Record<string, FactorSql>>, factor: string): FactorSql {
  const found = sql[factor];
  if (!found) throw new Error(`No SQL for the ranking factor ${factor}`);
  return found;
}
