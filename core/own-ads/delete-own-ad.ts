// Deleting one's own ad. An ad held by a report stays until staff decide ('held'); otherwise the ad goes and the
// files it leaves are returned for the caller to delete: its photos (not those a report keeps as evidence) and the
// sealed selfies of its photo verifications.
import type { Knex } from 'knex';
import { deleteOwnAdRow } from '#db/queries/advertiser-ads.ts';

export function deleteOwnAd(db: Knex, advertiserId: number, adId: number) {
  return deleteOwnAdRow(db, advertiserId, adId);
}
