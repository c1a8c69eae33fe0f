// The stored part of the default order, ads.search_rank (shared/ranking.ts: plan tier × TIER_WEIGHT plus the day's
// place within the tier), and how it is kept current (docs/decisions/050-ranking.md). Sorting 100,000 ads by an
// expression on every request costs tens of milliseconds; reading an index costs none.
//
// Paid ads take turns (decision 015): the published ads of one tier and category, in id order, rotate by one place a
// day. The rest keep a permutation of ids shifted by the day (decision 003), so a publication rewrites one row.
//
// No state-changing path refreshes a rank by hand: triggers (migration 034) mark every ad whose rank inputs change
// (its state, plan, plan end or category; an insert or a delete), and every reader of ranks applies the marks first
// (refreshMarkedRanks: the catalog version's reading, searchAds, vipAds, the index's rows). What changes with the
// clock alone (the day's turn, a plan past its end) is the scheduled refreshSearchRanks's (api/jobs.ts).
import type { Knex } from 'knex';
import { daysSinceEpochInBuenosAires } from '#shared/dates.ts';
import { ROTATION, TIER_WEIGHT, rotationShift } from '#shared/ranking.ts';
import { dialectOf } from '#db/dialect.ts';
import { planTierSql } from './search-order.ts';

/** Past this many marked ads, refreshing every rank is as cheap as naming them, and has no bound on bindings. */
const MARKS_FOR_FULL_REFRESH = 500;

/** Which ranks to recompute: all, or the given ads' and the turns of the given categories. */
type Scope = 'all' | { ids: number[]; categories: string[] };

/** Ads that take turns (shared/ranking.ts, takesTurns): published, with a paid plan in force. */
function takesTurnsSql(now: Date): [string, Knex.RawBinding[]] {
  const [tierSql, tierBindings] = planTierSql(now);
  return [`ads.state = 'published' and (${tierSql}) > 0`, tierBindings];
}

/** rotationRank of shared/ranking.ts, in SQL. */
function rotationRankSql(now: Date): [string, Knex.RawBinding[]] {
  const [tierSql, tierBindings] = planTierSql(now);
  const { modulus, idStep } = ROTATION;
  return [
    `(${tierSql}) * ${TIER_WEIGHT} + (((id % ${modulus}) * ${idStep} + ?) % ${modulus})`,
    [...tierBindings, rotationShift(daysSinceEpochInBuenosAires(now))],
  ];
}

/** Each turn-taker's turnRank (shared/ranking.ts) for the day, in the given categories (all when null). */
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
  return db
    .from(placed.as('placed'))
    .select(
      'id',
      db.raw(`tier * ${TIER_WEIGHT} + ${TIER_WEIGHT - 1} - ((place + turns - cast(? as integer) % turns) % turns) as turn_rank`, [
        daysSinceEpochInBuenosAires(now),
      ]),
    );
}

/** Rows changed by an UPDATE or DELETE ... RETURNING run through knex.raw, on either dialect. */
function returnedRows<T>(db: Knex, result: unknown): T[] {
  return dialectOf(db) === 'postgres' ? (result as { rows: T[] }).rows : (result as T[]);
}

/** Writes the ranks of `scope` that changed; returns how many. */
async function writeRanks(db: Knex, now: Date, scope: Scope): Promise<number> {
  const [sql, bindings] = rotationRankSql(now);
  const [turnsSql, turnsBindings] = takesTurnsSql(now);
  const others = db('ads')
    .update({ search_rank: db.raw(sql, bindings) })
    .whereRaw(`search_rank <> ${sql}`, bindings)
    .whereRaw(`not (${turnsSql})`, turnsBindings);
  if (scope !== 'all') others.whereIn('id', scope.ids);
  const changed = await others;
  if (scope !== 'all' && scope.categories.length === 0) return changed;
  const ranks = turnRanks(db, now, scope === 'all' ? null : scope.categories).toSQL();
  const result = await db.raw(
    `update ads set search_rank = turn.turn_rank from (${ranks.sql}) as turn where ads.id = turn.id and ads.search_rank <> turn.turn_rank returning ads.id`,
    ranks.bindings,
  );
  return changed + returnedRows(db, result).length;
}

/**
 * Takes the marks left by the triggers. On PostgreSQL marks another refresh holds are skipped rather than waited
 * for (it applies them); those of transactions not yet committed are not seen, and stay for the next reader.
 */
async function takeMarks(trx: Knex.Transaction): Promise<{ ad_id: number | string; category: string }[]> {
  const locked = dialectOf(trx) === 'postgres' ? ' where id in (select id from search_rank_marks for update skip locked)' : '';
  return returnedRows(trx, await trx.raw(`delete from search_rank_marks${locked} returning ad_id, category`));
}

/**
 * Recomputes every rank at `now`, writing only those that changed, and takes every mark: the scheduled refresh
 * (api/jobs.ts, hourly), which turns the day and ends the places of plans past their end.
 */
export async function refreshSearchRanks(db: Knex, now = new Date()): Promise<number> {
  return db.transaction(async (trx) => {
    await takeMarks(trx);
    return writeRanks(trx, now, 'all');
  });
}

/**
 * Applies the marks: the ranks of the marked ads, and the turns of their categories (one ad joining, leaving or
 * changing tier moves the others' turns). Every reader of ranks calls it first; with no mark it is one indexed
 * probe. A failure (a lock not had in time) is logged and leaves the marks for the next reader, rather than failing
 * the read.
 */
export async function refreshMarkedRanks(db: Knex, now = new Date()): Promise<number> {
  if (!(await db('search_rank_marks').first('id'))) return 0;
  try {
    return await db.transaction(async (trx) => {
      const marks = await takeMarks(trx);
      if (marks.length === 0) return 0;
      const ids = [...new Set(marks.map((m) => Number(m.ad_id)))];
      if (ids.length > MARKS_FOR_FULL_REFRESH) return writeRanks(trx, now, 'all');
      return writeRanks(trx, now, { ids, categories: [...new Set(marks.map((m) => m.category))] });
    });
  } catch (err) {
    console.error('Search ranks: marked ranks not refreshed; the next reading tries again:', (err as Error).message);
    return 0;
  }
}
