// The VIP turns: every ad with VIP in force, in a daily rotation, for the home's strip and the search's banner.
import type { Knex } from 'knex';
import type { Category } from '#shared/catalogue.ts';
import { daysSinceEpochInBuenosAires } from '#shared/dates.ts';
import { VIP_RANK_FLOOR } from '#shared/ranking.ts';
import { cardsByIds, publicAds } from './search-ads.ts';
import type { AdCard } from './ad-cards.ts';
import { refreshMarkedRanks } from './search-rank.ts';

/**
 * Ads with VIP in force, all of them (or up to `limit` from `offset`), in today's rotation: in id order, shifted by one place a day,
 * so that each opens the list on as many days as the others. The home's featured strip shows them all (what VIP
 * promises); the promotional banner of search takes a few. Within a category this is the order of search's turns
 * (search-rank.ts), so the banner and the first result agree. Only VIPs rank at VIP_RANK_FLOOR and above, so the
 * (state, search_rank) index finds them.
 */
export async function vipAds(db: Knex, options: VipTurnOptions = {}, now = new Date()): Promise<AdCard[]> {
  return cardsByIds(db, await vipTurn(db, options, now), now);
}

export interface VipTurnOptions {
  category?: Category | null;
  limit?: number;
  offset?: number;
  day?: number;
}

/** The ids of vipAds, in the same order: for a caller that gets their cards itself (search keeps them per version). */
export async function vipTurn(db: Knex, options: VipTurnOptions = {}, now = new Date()): Promise<number[]> {
  await refreshMarkedRanks(db, now);
  // Counted, then only the turn's ids read, all from one covering index (migration 015): asked for every id in
  // order, SQLite walked the table in id order (90 ms at 100,000 ads) and the driver built thousands of rows.
  const inForce = () =>
    publicAds(db)
      .where('ads.search_rank', '>=', VIP_RANK_FLOOR)
      .where('ads.plan', 'vip')
      .where('ads.plan_expires_at', '>', now)
      .modify((q) => {
        if (options.category) q.where('ads.category', options.category);
      });
  const count = Number((await inForce().count({ n: '*' }).first())?.n ?? 0);
  if (count === 0) return [];
  // `offset` places into today's turn (the home strip loads it a part at a time).
  const offset = Math.max(0, options.offset ?? 0);
  if (offset >= count) return [];
  // `day` (days since the epoch in Buenos Aires) keeps the turn of the day a visitor started reading the strip.
  const shift = ((options.day ?? daysSinceEpochInBuenosAires(now)) + offset) % count;
  const wanted = Math.min(options.limit ?? count, count - offset);
  const idsFrom = async (offset: number, limit: number) =>
    ((await inForce().select('ads.id').orderBy('ads.id', 'asc').limit(limit).offset(offset)) as { id: number }[]).map((r) => r.id);
  // The turn starts at `shift` and wraps around to the first ids.
  const turn = await idsFrom(shift, wanted);
  if (turn.length < wanted) turn.push(...(await idsFrom(0, wanted - turn.length)));
  return turn;
}
