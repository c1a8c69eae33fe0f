// The stored part of the default order, ads.search_rank (shared/ranking.ts: plan tier × TIER_WEIGHT plus the ad's
// place in its tier's turns), and how it is kept current (docs/decisions/050-ranking.md, 064-fair-exposure.md).
// Sorting 100,000 ads by an expression on every request costs tens of milliseconds; reading an index costs none.
//
// Every published ad takes turns within its tier and category, in id order: VIPs a day each (decision 015), the others
// moving forward every 20-minute window (decision 064). Writes mark what they change by trigger (migration 034), and
// every reader of ranks (the catalog version's reading, searchAds, vipAds, the index's rows) applies the marks first
// (refreshMarkedRanks) in the window of the other ranks. The scheduled refreshSearchRanks (api/jobs.ts) moves every
// rank to a new window and ends the places of plans past their end.
import type { Knex } from 'knex';
import {
  DAY_STEP,
  TIER_WEIGHT,
  VIP_TIER,
  WINDOWS_PER_DAY,
  rotationWindowAt,
  rotationWindowStart,
  type RotationWindow,
} from '#shared/ranking.ts';
import { dialectOf } from '#db/dialect.ts';
import { planTierSql } from './search-order.ts';

/** Past this many marked ads, refreshing every rank is as cheap as naming them, and has no bound on bindings. */
const MARKS_FOR_FULL_REFRESH = 500;

/** Which ranks to recompute: all, or the given ads' and the turns of the given categories. */
type Scope = 'all' | { ids: number[]; categories: string[] };

/** The rank of ads that take no turn (restingRank of shared/ranking.ts): the bottom of their tier. */
function restingRankSql(now: Date): [string, Knex.RawBinding[]] {
  const [tierSql, tierBindings] = planTierSql(now);
  return [`(${tierSql}) * ${TIER_WEIGHT}`, tierBindings];
}

/**
 * Each turn-taker's turnRank (shared/ranking.ts) in rotation window `at`, with the plans in force at `now`, in the
 * given categories (all when null): the published ads of each tier and category numbered in id order, the first
 * place that of turnStart (a VIP's by the day, the others' by the window).
 */
export function turnRanks(db: Knex, now: Date, at: RotationWindow, categories: string[] | null): Knex.QueryBuilder {
  const [tierSql, tierBindings] = planTierSql(now);
  const published = db('ads')
    .select('id', 'category', db.raw(`${tierSql} as tier`, tierBindings))
    .where('ads.state', 'published')
    .modify((q) => {
      if (categories) q.whereIn('category', categories);
    });
  const placed = db
    .from(published.as('published'))
    .select(
      'id',
      'tier',
      db.raw('row_number() over (partition by category, tier order by id) - 1 as place'),
      db.raw('count(*) over (partition by category, tier) as turns'),
    );
  const { day, windowOfDay } = at;
  const start = `case when tier = ${VIP_TIER} then cast(? as integer) % turns
    else (cast(? as integer) * ${DAY_STEP} + (cast(? as integer) * turns) / ${WINDOWS_PER_DAY}) % turns end`;
  return db
    .from(placed.as('placed'))
    .select(
      'id',
      db.raw(`tier * ${TIER_WEIGHT} + ${TIER_WEIGHT - 1} - ((place + turns - (${start})) % turns) as turn_rank`, [day, day, windowOfDay]),
    );
}

/** Rows changed by an UPDATE or DELETE ... RETURNING run through knex.raw, on either dialect. */
function returnedRows<T>(db: Knex, result: unknown): T[] {
  return dialectOf(db) === 'postgres' ? (result as { rows: T[] }).rows : (result as T[]);
}

/** Writes the ranks of `scope` that changed; returns how many. */
async function writeRanks(db: Knex, now: Date, scope: Scope, at: RotationWindow): Promise<number> {
  const [sql, bindings] = restingRankSql(now);
  const others = db('ads')
    .update({ search_rank: db.raw(sql, bindings) })
    .whereRaw(`search_rank <> ${sql}`, bindings)
    .whereNot('state', 'published');
  if (scope !== 'all') others.whereIn('id', scope.ids);
  const changed = await others;
  if (scope !== 'all' && scope.categories.length === 0) return changed;
  const ranks = turnRanks(db, now, at, scope === 'all' ? null : scope.categories).toSQL();
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
 * The rotation window the stored ranks are of (decision 064): the one the last full refresh was made in. Marks are
 * applied in it too, so that every rank stays of one window until the next scheduled refresh.
 */
export async function readRotationWindow(db: Knex): Promise<number> {
  const row = (await db('search_rotation').where('id', 1).first('rotation_window')) as { rotation_window: number | string } | undefined;
  return Number(row?.rotation_window ?? 0);
}

/**
 * Recomputes every rank at `now` (the turns of its rotation window, the plans in force), writing only those that
 * changed, records the window and takes every mark: the scheduled refresh (api/jobs.ts, every window).
 */
export async function refreshSearchRanks(db: Knex, now = new Date()): Promise<number> {
  return db.transaction(async (trx) => {
    await trx('search_rotation')
      .where('id', 1)
      .update({ rotation_window: rotationWindowAt(now).window });
    await takeMarks(trx);
    return writeRanks(trx, now, 'all', rotationWindowAt(now));
  });
}

/**
 * Applies the marks: the ranks of the marked ads, and the turns of their categories (one ad joining, leaving or
 * changing tier moves the others' turns), in the rotation window of the other ranks. Every reader of ranks calls it
 * first; with no mark it is one indexed probe. A failure (a lock not had in time) is logged and leaves the marks for
 * the next reader, rather than failing the read.
 */
export async function refreshMarkedRanks(db: Knex, now = new Date()): Promise<number> {
  if (!(await db('search_rank_marks').first('id'))) return 0;
  try {
    return await db.transaction(async (trx) => {
      const marks = await takeMarks(trx);
      if (marks.length === 0) return 0;
      // Before the first full refresh (a new database) there is no window yet: the reader's.
      const window = await readRotationWindow(trx);
      const at = rotationWindowAt(window > 0 ? rotationWindowStart(window) : now);
      const ids = [...new Set(marks.map((m) => Number(m.ad_id)))];
      if (ids.length > MARKS_FOR_FULL_REFRESH) return writeRanks(trx, now, 'all', at);
      return writeRanks(trx, now, { ids, categories: [...new Set(marks.map((m) => m.category))] }, at);
    });
  } catch (err) {
    console.error('Search ranks: marked ranks not refreshed; the next reading tries again:', (err as Error).message);
    return 0;
  }
}
