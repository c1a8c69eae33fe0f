// Ads whose page no longer shows them: what their address answers instead (core/ad-page/ended-ad.ts).
import type { Knex } from 'knex';
import type { AdState } from '#shared/catalogue.ts';

export interface EndedAdRow {
  category: string;
  barrio: string | null;
  /** null when the row is gone (deleted: db/migrations/035-ended-ads.ts keeps what is left). */
  state: AdState | null;
}

/** The category, barrio and state of ad `id` if it was ever published and its page is not public now; else null. */
export async function findEndedAd(db: Knex, id: number): Promise<EndedAdRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = (await db('ads').where('id', id).whereNotNull('published_at').first('category', 'barrio', 'state')) as
    { category: string; barrio: string | null; state: AdState } | undefined;
  if (row) return row;
  const gone = (await db('ended_ads').where('ad_id', id).first('category', 'barrio')) as
    { category: string; barrio: string | null } | undefined;
  return gone ? { ...gone, state: null } : null;
}
