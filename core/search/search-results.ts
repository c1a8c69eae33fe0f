// The public search, as /buscar, its results fragment and the landing pages show it: one page of cards and the VIP
// of the promotional banner on that page. The in-memory index of the process answers when it is current (db/search/,
// docs/decisions/024-search-index.md); the database does otherwise.
import type { Knex } from 'knex';
import { cardsByIds, searchAds } from '#db/queries/search-ads.ts';
import { vipTurn } from '#db/queries/vip-ads.ts';
import type { SearchIndexHolder } from '#db/search/search-index-holder.ts';
import type { AdCardView, SearchResultsView } from '#shared/contracts/public/search.ts';
import { buenosAiresDate } from '#shared/dates.ts';
import type { SearchFilters } from '#shared/search-filters.ts';
import { presentCard } from './present-card.ts';

/** Where a process keeps its search index (Astro.locals.searchIndex); absent, the database answers every search. */
export type SearchIndexSource = Pick<SearchIndexHolder, 'current'>;

/** How many VIPs of the category the banner takes turns with, one per results page. */
export const PROMO_TURNS = 5;

export interface SearchOptions {
  searchIndex?: SearchIndexSource | null;
  now?: Date;
}

export async function searchResults(db: Knex, filters: SearchFilters, options: SearchOptions = {}): Promise<SearchResultsView> {
  const now = options.now ?? new Date();
  const index = (await options.searchIndex?.current()) ?? null;
  // The banner's VIPs depend on the category and the day's turn only: the turn is read once per catalogue version
  // when the search index is there to keep it; their cards, as the results', are worked out at this moment.
  const loadTurn = () => vipTurn(db, { category: filters.categoria, limit: PROMO_TURNS }, now);
  const [found, turn] = await Promise.all([
    searchAds(db, filters, now, index),
    index ? index.remember(`promos ${filters.categoria ?? ''} ${buenosAiresDate(now)}`, loadTurn) : loadTurn(),
  ]);
  const promos = (await cardsByIds(db, turn, now, index)).map(presentCard);
  return {
    total: found.total,
    page: found.page,
    pages: found.pages,
    ads: found.ads.map(presentCard),
    promo: promoOfPage(promos, found.page),
    rotationWindow: found.rotationWindow,
  };
}

/** Each results page shows the next VIP in the day's turn, so that every VIP of the category gets its turn. */
function promoOfPage(promos: AdCardView[], page: number): AdCardView | null {
  return promos.length ? promos[(page - 1) % promos.length]! : null;
}
