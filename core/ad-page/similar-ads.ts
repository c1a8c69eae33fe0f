// "Más avisos como este": up to six published ads of an ad's category and zone, from the public search (so they
// follow its ranking and its index), the ad itself left out. At the end of an ad's page, and on the address of an
// ad no longer published (./ended-ad.ts).
import type { Knex } from 'knex';
import { searchAds } from '#db/queries/search-ads.ts';
import { findBarrio, type Category } from '#shared/catalogue.ts';
import type { AdCardView } from '#shared/contracts/public/search.ts';
import { parseSearchParams, toSearchParams } from '#shared/search-filters.ts';
import { presentCard } from '#core/search/present-card.ts';
import type { SearchOptions } from '#core/search/search-results.ts';

export const SIMILAR_ADS = 6;

export interface SimilarAds {
  ads: AdCardView[];
  category: Category | null;
  /** The ad's zone, or null for an ad without a barrio. */
  zone: string | null;
  /** The search the ads come from. */
  searchPath: string;
}

export async function similarAds(
  db: Knex,
  ad: { id: number; category: string; barrio: string | null },
  options: SearchOptions = {},
): Promise<SimilarAds> {
  const zone = findBarrio(ad.barrio)?.zone;
  const filters = parseSearchParams(new URLSearchParams({ categoria: ad.category, ...(zone && { zona: zone }) }));
  const index = (await options.searchIndex?.current()) ?? null;
  const found = await searchAds(db, filters, options.now ?? new Date(), index);
  const query = toSearchParams(filters).toString();
  return {
    ads: found.ads
      .filter((card) => card.id !== ad.id)
      .slice(0, SIMILAR_ADS)
      .map(presentCard),
    category: filters.categoria ?? null,
    zone: filters.zona ?? null,
    searchPath: query ? `/buscar?${query}` : '/buscar',
  };
}
