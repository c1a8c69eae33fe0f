// The home's featured strip (docs/decisions/025-featured-strip.md): every ad with VIP in force, in the day's turn,
// a part at a time: the first part in the home, the next ones from /destacados/mas.
import type { Knex } from 'knex';
import { vipAds } from '#db/queries/vip-ads.ts';
import type { FeaturedPartView } from '#shared/contracts/public/search.ts';
import { daysSinceEpochInBuenosAires } from '#shared/dates.ts';
import { FEATURED_PART } from '#shared/featured.ts';
import { presentCard } from './present-card.ts';

/**
 * The part of the turn that starts `offset` places in. `day` keeps the turn of the day the visitor started reading
 * the strip (today's without it).
 */
export async function featuredPart(db: Knex, input: { offset?: number; day?: number } = {}, now = new Date()): Promise<FeaturedPartView> {
  const offset = input.offset ?? 0;
  const day = input.day ?? daysSinceEpochInBuenosAires(now);
  // One more than a part: whether another part follows.
  const ads = await vipAds(db, { offset, limit: FEATURED_PART + 1, day }, now);
  return {
    ads: ads.slice(0, FEATURED_PART).map(presentCard),
    next: ads.length > FEATURED_PART ? offset + FEATURED_PART : null,
    day,
  };
}
