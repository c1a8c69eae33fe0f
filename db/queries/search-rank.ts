// The stored default order of search: plan tier in force (VIP 2, Premium 1, else 0) times 100,000 plus a daily
// rotation, a fixed permutation of ids shifted by the Buenos Aires day number, so that ties change place every day.
// Sorting 100,000 ads by an expression on every request costs tens of milliseconds; reading an index costs none.
import type { Knex } from 'knex';
import { daysSinceEpochInBuenosAires } from '../dates.ts';
import { planTierSql } from './search-ads.ts';

const TIER_WEIGHT = 100_000;
const ROTATION_MODULUS = 10_007;

function rankSql(now: Date): [string, Knex.RawBinding[]] {
  const [tierSql, tierBindings] = planTierSql(now);
  const shift = (daysSinceEpochInBuenosAires(now) * 811) % ROTATION_MODULUS;
  return [`(${tierSql}) * ${TIER_WEIGHT} + (((id % ${ROTATION_MODULUS}) * 7919 + ?) % ${ROTATION_MODULUS})`, [...tierBindings, shift]];
}

/**
 * Recomputes search_rank for the given ads (all when none are given), writing only rows whose rank changed.
 * Call it after an ad's plan changes and hourly (api/jobs.ts), which also ends expired plans' places.
 */
export async function refreshSearchRanks(db: Knex, now = new Date(), adIds?: number[]): Promise<number> {
  const [sql, bindings] = rankSql(now);
  const query = db('ads')
    .update({ search_rank: db.raw(sql, bindings) })
    .whereRaw(`search_rank <> ${sql}`, bindings);
  if (adIds) query.whereIn('id', adIds);
  return query;
}
