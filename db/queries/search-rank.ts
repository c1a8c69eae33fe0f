// The stored default order of search (shared/ranking.ts): plan tier in force times TIER_WEIGHT plus a daily
// rotation within the tier. Sorting 100,000 ads by an expression on every request costs tens of milliseconds;
// reading an index costs none.
//
// Paid ads take turns (docs/decisions/015-vip-turns.md): the published ads of one tier and category, in id order,
// rotate by one place a day, so with k of them each is first on one day in k. A permutation of ids shifted by the
// day would not do: among a handful of ads it leaves one first on most days. The rest of the ads, thousands to a
// category, keep that cheap permutation; no place is promised to them, and a publication then rewrites one row, not
// the whole category.
import type { Knex } from 'knex';
import { daysSinceEpochInBuenosAires } from '#shared/dates.ts';
import { ROTATION, TIER_WEIGHT, rotationShift } from '#shared/ranking.ts';
import { dialectOf } from '#db/dialect.ts';
import { planTierSql } from './search-order.ts';

/** Ads that take turns: published, with a paid plan in force. */
function takesTurnsSql(now: Date): [string, Knex.RawBinding[]] {
  const [tierSql, tierBindings] = planTierSql(now);
  return [`ads.state = 'published' and (${tierSql}) > 0`, tierBindings];
}

/** rotationRank of shared/ranking.ts, in SQL. */
function permutationRankSql(now: Date): [string, Knex.RawBinding[]] {
  const [tierSql, tierBindings] = planTierSql(now);
  const { modulus, idStep } = ROTATION;
  return [
    `(${tierSql}) * ${TIER_WEIGHT} + (((id % ${modulus}) * ${idStep} + ?) % ${modulus})`,
    [...tierBindings, rotationShift(daysSinceEpochInBuenosAires(now))],
  ];
}

/**
 * Each paid published ad's rank for the day (turnRank of shared/ranking.ts): within its tier and category, the ad whose turn it is gets the top
 * value, the next in id order the one below, and so on round. `categories`: only those (all when null).
 */
function turnRanks(db: Knex, now: Date, categories: string[] | null): Knex.QueryBuilder {
  const [tierSql, tierBindings] = planTierSql(now);
  const [turnsSql, turnsBindings] = takesTurnsSql(now);
  const paid = db('ads')
    .select('id', 'category', db.raw(`${tierSql} as tier`, tierBindings))
    .whereRaw(turnsSql, turnsBindings)
    .modify((q) => {
      if (categories) q.whereIn('category', categories);
    });
  const placed = db
    .from(paid.as('paid'))
    .select(
      'id',
      'tier',
      db.raw('row_number() over (partition by category, tier order by id) - 1 as place'),
      db.raw('count(*) over (partition by category, tier) as turns'),
    );
  // Day d: the ad at place d mod k is first, the one after it second, ...
  return db
    .from(placed.as('placed'))
    .select(
      'id',
      db.raw(`tier * ${TIER_WEIGHT} + ${TIER_WEIGHT - 1} - ((place + turns - cast(? as integer) % turns) % turns) as turn_rank`, [
        daysSinceEpochInBuenosAires(now),
      ]),
    );
}

/** Rows changed by an UPDATE ... RETURNING run through knex.raw, on either dialect. */
function changedRows(db: Knex, result: unknown): number {
  return dialectOf(db) === 'postgres' ? (result as { rows: unknown[] }).rows.length : (result as unknown[]).length;
}

/**
 * Recomputes search_rank for the given ads (all when none are given), writing only rows whose rank changed.
 * Given ads also bring their categories' paid ads along: one ad joining, leaving or changing tier moves the others'
 * turns. Call it after an ad's plan or state changes and hourly (api/jobs.ts), which also turns the day and ends
 * expired plans' places.
 */
export async function refreshSearchRanks(db: Knex, now = new Date(), adIds?: number[]): Promise<number> {
  const [sql, bindings] = permutationRankSql(now);
  const [turnsSql, turnsBindings] = takesTurnsSql(now);
  const others = db('ads')
    .update({ search_rank: db.raw(sql, bindings) })
    .whereRaw(`search_rank <> ${sql}`, bindings)
    .whereRaw(`not (${turnsSql})`, turnsBindings);
  if (adIds) others.whereIn('id', adIds);
  const changed = await others;

  const categories = adIds ? ((await db('ads').whereIn('id', adIds).distinct('category').pluck('category')) as string[]) : null;
  if (categories?.length === 0) return changed;
  const ranks = turnRanks(db, now, categories).toSQL();
  const result = await db.raw(
    `update ads set search_rank = turn.turn_rank from (${ranks.sql}) as turn where ads.id = turn.id and ads.search_rank <> turn.turn_rank returning ads.id`,
    ranks.bindings,
  );
  return changed + changedRows(db, result);
}
