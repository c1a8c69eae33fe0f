// The address of an ad that is no longer published (decisions.md, "Not found speaks Spanish only"): "Este aviso ya
// no está publicado" and up to six published ads of the same category and zone (./similar-ads.ts). Status 404 while
// the ad may come back (paused, expired, held by a report, back in review), 410 once it is gone for good (deleted, or
// removed by staff). Nothing of the ended ad itself is shown.
import type { Knex } from 'knex';
import { findEndedAd } from '#db/queries/ended-ads.ts';
import type { EndedAdView } from '#shared/contracts/public/ad-page.ts';
import type { SearchOptions } from '#core/search/search-results.ts';
import { similarAds } from './similar-ads.ts';

/** What the address of ad `id` answers when it is not public; null when it never was published (a plain 404). */
export async function endedAd(db: Knex, id: number | null, options: SearchOptions = {}): Promise<EndedAdView | null> {
  const ended = id === null ? null : await findEndedAd(db, id);
  if (!ended || id === null) return null;
  const similar = await similarAds(db, { id, category: ended.category, barrio: ended.barrio }, options);
  return {
    status: ended.state === null || ended.state === 'removed' ? 410 : 404,
    category: similar.category,
    zone: similar.zone,
    similar: similar.ads,
    searchPath: similar.searchPath,
  };
}
