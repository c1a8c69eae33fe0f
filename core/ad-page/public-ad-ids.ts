// The visitor's favourites live in their browser (docs/decisions/038-favourites-and-alerts.md): this says which of
// them are still public, and nothing about any ad (no title, no state), so it tells nobody more than the public
// pages do.
import type { Knex } from 'knex';
import { publicAdIdsAmong } from '#db/queries/ad-page.ts';
import type { PublicAdIdsView } from '#shared/contracts/public/ad-page.ts';

export async function publicAdIds(db: Knex, ids: number[]): Promise<PublicAdIdsView> {
  return { public: await publicAdIdsAmong(db, ids) };
}
