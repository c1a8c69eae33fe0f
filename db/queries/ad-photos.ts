// The photos of an advertiser's own ad: how many the chosen plan allows, adding (after the image store has
// re-encoded the file), removing and reordering. A change to the photos of a live ad sends it back to review;
// an ad held by a report or removed by staff cannot be touched ('locked'), so photos never lift a hold.
import type { Knex } from 'knex';
import { OWNER_EDITABLE_STATES, PLANS, REVIEWED_STATES, type Plan } from '#shared/catalogue.ts';
import { insertedId } from '#db/dialect.ts';
import { keysNotKeptAsEvidence } from './report-evidence.ts';

export interface OwnPhoto {
  id: number;
  key: string;
  position: number;
  width: number;
  height: number;
}

/** The most photos an ad may have: the larger of its active plan's and the plan chosen in the form. */
export function photoLimit(ad: { plan: string; requested_plan: string }): number {
  const of = (plan: string) => PLANS.find((p) => p.value === (plan as Plan))?.images ?? 3;
  return Math.max(of(ad.plan), of(ad.requested_plan));
}

export async function ownAdForPhotos(db: Knex, advertiserId: number, adId: number) {
  return db('ads').where({ id: adId, advertiser_id: advertiserId }).first('id', 'state', 'plan', 'requested_plan', 'title');
}

export async function listPhotos(db: Knex, adId: number): Promise<OwnPhoto[]> {
  return (
    await db('ad_images').where('ad_id', adId).orderBy('position').orderBy('id').select('id', 'file_key', 'position', 'width', 'height')
  ).map((r) => ({
    id: r.id,
    key: r.file_key,
    position: r.position,
    width: r.width,
    height: r.height,
  }));
}

/**
 * The transaction's first statement, a write (SQLite then holds the lock until commit): true when the ad is in a
 * state its owner may change. A report that holds the ad meanwhile waits for this transaction, or wins before it.
 */
async function claimEditable(trx: Knex, adId: number, now: Date): Promise<boolean> {
  return (await trx('ads').where('id', adId).whereIn('state', OWNER_EDITABLE_STATES).update({ updated_at: now })) > 0;
}

/** Thrown inside a transaction to roll back the claim when nothing is changed after all (a missing photo). */
class NothingChanged<T> extends Error {
  readonly result: T;
  constructor(result: T) {
    super('nothing changed');
    this.result = result;
  }
}
async function unlessUnchanged<T>(run: Promise<T>): Promise<T> {
  return run.catch((err: unknown) => {
    if (err instanceof NothingChanged) return err.result as T;
    throw err;
  });
}

async function backToReview(trx: Knex, adId: number, now: Date): Promise<void> {
  await trx('ads')
    .where('id', adId)
    .whereIn('state', REVIEWED_STATES)
    .update({ state: 'pending', submitted_at: now, state_reason: null, updated_at: now });
}

/**
 * Adds a stored image as the last photo, unless the limit is reached ('full') or the ad is held or removed
 * ('locked'). Counting and inserting happen in one transaction.
 */
export async function addPhoto(
  db: Knex,
  ad: { id: number; plan: string; requested_plan: string; title: string },
  image: { key: string; width: number; height: number },
  now = new Date(),
): Promise<number | 'full' | 'locked'> {
  return db.transaction(async (trx) => {
    // A write first (SQLite: the transaction then holds the lock, so two uploads cannot both pass the count).
    if (!(await claimEditable(trx, ad.id, now))) return 'locked';
    const count = Number((await trx('ad_images').where('ad_id', ad.id).count({ n: '*' }).first())?.n ?? 0);
    if (count >= photoLimit(ad)) return 'full';
    const last = await trx('ad_images').where('ad_id', ad.id).max({ p: 'position' }).first();
    const [row] = await trx('ad_images')
      .insert({
        ad_id: ad.id,
        position: Number(last?.p ?? -1) + 1,
        file_key: image.key,
        width: image.width,
        height: image.height,
        alt: ad.title.slice(0, 160),
      })
      .returning('id');
    await backToReview(trx, ad.id, now);
    return insertedId(row);
  });
}

/**
 * Removes one photo of the ad. Returns the file keys for the caller to delete (none when a report keeps the photo
 * as evidence), 'missing' if it is not this ad's photo, 'locked' if the ad is held or removed.
 */
export async function removePhoto(db: Knex, adId: number, photoId: number, now = new Date()): Promise<string[] | 'missing' | 'locked'> {
  return unlessUnchanged(
    db.transaction(async (trx) => {
      if (!(await claimEditable(trx, adId, now))) return 'locked';
      const photo = await trx('ad_images').where({ id: photoId, ad_id: adId }).first('file_key');
      if (!photo) throw new NothingChanged('missing' as const);
      await trx('ad_images').where('id', photoId).delete();
      await backToReview(trx, adId, now);
      return keysNotKeptAsEvidence(trx, [photo.file_key as string]);
    }),
  );
}

/** Puts the ad's photos in the given order: 'invalid' unless `ids` are exactly the ad's photos, 'locked' if held or removed. */
export async function reorderPhotos(db: Knex, adId: number, ids: number[], now = new Date()): Promise<'ok' | 'invalid' | 'locked'> {
  return unlessUnchanged(
    db.transaction(async (trx) => {
      if (!(await claimEditable(trx, adId, now))) return 'locked';
      const current: number[] = await trx('ad_images').where('ad_id', adId).pluck('id');
      if (current.length !== ids.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id)))
        throw new NothingChanged('invalid' as const);
      for (const [position, id] of ids.entries()) await trx('ad_images').where({ id, ad_id: adId }).update({ position });
      await backToReview(trx, adId, now);
      return 'ok' as const;
    }),
  );
}
