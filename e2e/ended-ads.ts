// An ad that was published and no longer is, for the specs of its address (e2e/ad-page.spec.ts and the languages').
import type { Knex } from 'knex';
import { adRow } from '#tooling/factories/index.ts';
import { insertVerifiedAdvertiser } from './fixtures.ts';

/** An ad of masajes in Palermo, published a month ago and now in `state`; its id. */
export async function insertEndedAd(db: Knex, state: 'paused' | 'expired' | 'removed' | 'published'): Promise<number> {
  const advertiser = await insertVerifiedAdvertiser(db, { fullName: 'Aviso Terminado' });
  const [row] = await db('ads')
    .insert(
      adRow(advertiser.id, {
        title: 'Masajes de un aviso terminado',
        category: 'masajes',
        barrio: 'palermo',
        state,
        publishedAt: new Date(Date.now() - 30 * 86_400_000),
      }),
    )
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}
