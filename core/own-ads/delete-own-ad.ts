// Deleting one's own ad. An ad held by a report stays until staff decide (refused); otherwise the ad goes and the
// files it leaves are returned for the caller to delete: its photos (not those a report keeps as evidence) and the
// sealed selfies of its photo verifications.
import type { Knex } from 'knex';
import { deleteOwnAdRow } from '#db/queries/advertiser-ads.ts';
import { refuse } from '#core/refusals.ts';

export async function deleteOwnAd(db: Knex, advertiserId: number, adId: number) {
  const files = await deleteOwnAdRow(db, advertiserId, adId);
  if (files === 'missing') throw refuse('own_ad_missing');
  if (files === 'held') throw refuse('ad_held');
  return files;
}
