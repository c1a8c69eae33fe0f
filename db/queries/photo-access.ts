// Who may see an ad photo's file: anyone when its ad is public; otherwise its owner and staff; a photo kept only
// as a report's evidence, staff alone.
import type { Knex } from 'knex';
import { isKeptAsEvidence } from './report-evidence.ts';

export type PhotoAudience = { public: true } | { public: false; ownerId: number | null } | null;

/** Who may see the photo stored under `key`; null when no ad or report has it (then nobody). */
export async function photoAudience(db: Knex, key: string): Promise<PhotoAudience> {
  const row = await db('ad_images as i')
    .join('ads as ad', 'ad.id', 'i.ad_id')
    .where('i.file_key', key)
    .first('ad.state', 'ad.advertiser_id');
  if (row) return row.state === 'published' ? { public: true } : { public: false, ownerId: row.advertiser_id };
  return (await isKeptAsEvidence(db, key)) ? { public: false, ownerId: null } : null;
}
