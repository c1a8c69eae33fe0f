// The photos of an advertiser's own ad: how many the chosen plan allows, adding (after the image store has
// re-encoded the file), removing and reordering. A change to the photos of a live ad sends it back to review;
// an ad held by a report or removed by staff cannot be touched ('locked'), so photos never lift a hold. A new photo
// is not verified: adding one turns "Fotos reales" off, removing the only unverified one turns it back on
// (refreshPhotosVerified).
import type { Knex } from 'knex';
import { creditPauseBeforeReview } from './ad-pauses.ts';
import { openAdReview } from './ad-reviews.ts';
import { OWNER_EDITABLE_STATES, REVIEWED_STATES, type Plan } from '#shared/catalogue.ts';
import { photoLimit } from '#shared/plans.ts';
import { Ad, AdPhoto } from '#db/models/index.ts';
import { keysNotKeptAsEvidence } from './report-evidence.ts';
import { refreshPhotosVerified } from './photos-verified.ts';
import { savePhotoHash } from './duplicates.ts';
import type { PictureHashes } from '#shared/photo-hash.ts';
import { rescreenPendingAd } from './ad-screening.ts';

export interface OwnPhoto {
  id: number;
  key: string;
  position: number;
  width: number;
  height: number;
}

export async function ownAdForPhotos(db: Knex, advertiserId: number, adId: number) {
  return Ad.query(db).findById(adId).where('advertiser_id', advertiserId).select('id', 'state', 'plan', 'requested_plan', 'title');
}

/** The cover (first photo) of each of these ads that has one: ad id -> stored file key. */
export async function coverKeysOf(db: Knex, adIds: number[]): Promise<Map<number, string>> {
  if (adIds.length === 0) return new Map();
  const rows = (await db('ad_images').whereIn('ad_id', adIds).where('position', 0).select('ad_id', 'file_key')) as {
    ad_id: number;
    file_key: string;
  }[];
  return new Map(rows.map((r) => [Number(r.ad_id), r.file_key]));
}

export async function listPhotos(db: Knex, adId: number): Promise<OwnPhoto[]> {
  const photos = await AdPhoto.query(db).where('ad_id', adId).orderBy('position').orderBy('id');
  return photos.map((p) => ({ id: p.id, key: p.fileKey, position: p.position, width: p.width, height: p.height }));
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

/** A live or decided ad goes back to review; one in review is screened again with its photos as they are now. */
async function backToReview(trx: Knex, adId: number, now: Date): Promise<void> {
  await creditPauseBeforeReview(trx, adId, now);
  const moved = await trx('ads')
    .where('id', adId)
    .whereIn('state', REVIEWED_STATES)
    .update({ state: 'pending', submitted_at: now, state_reason: null, updated_at: now });
  if (moved) await openAdReview(trx, adId, now);
  await rescreenPendingAd(trx, adId);
}

/**
 * Adds a stored image as the last photo, unless the limit is reached ('full') or the ad is held or removed
 * ('locked'). Counting and inserting happen in one transaction.
 */
export async function addPhoto(
  db: Knex,
  ad: { id: number; plan: Plan; requestedPlan: Plan; title: string },
  image: { key: string; width: number; height: number } & PictureHashes,
  now = new Date(),
): Promise<number | 'full' | 'locked'> {
  return db.transaction(async (trx) => {
    // A write first (SQLite: the transaction then holds the lock, so two uploads cannot both pass the count).
    if (!(await claimEditable(trx, ad.id, now))) return 'locked';
    const positions = (await AdPhoto.query(trx).where('ad_id', ad.id).select('position')).map((p) => p.position);
    if (positions.length >= photoLimit(ad)) return 'full';
    const photo = await AdPhoto.query(trx).insert({
      adId: ad.id,
      position: Math.max(-1, ...positions) + 1,
      fileKey: image.key,
      width: image.width,
      height: image.height,
      alt: ad.title.slice(0, 160),
    });
    await savePhotoHash(trx, photo.id, image);
    await refreshPhotosVerified(trx, ad.id, now);
    await backToReview(trx, ad.id, now);
    return photo.id;
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
      const photo = await AdPhoto.query(trx).findById(photoId).where('ad_id', adId);
      if (!photo) throw new NothingChanged('missing' as const);
      await photo.$query(trx).delete();
      await refreshPhotosVerified(trx, adId, now);
      await backToReview(trx, adId, now);
      return keysNotKeptAsEvidence(trx, [photo.fileKey]);
    }),
  );
}

/** Puts the ad's photos in the given order: 'invalid' unless `ids` are exactly the ad's photos, 'locked' if held or removed. */
export async function reorderPhotos(db: Knex, adId: number, ids: number[], now = new Date()): Promise<'ok' | 'invalid' | 'locked'> {
  return unlessUnchanged(
    db.transaction(async (trx) => {
      if (!(await claimEditable(trx, adId, now))) return 'locked';
      const current = (await AdPhoto.query(trx).where('ad_id', adId).select('id')).map((p) => p.id);
      if (current.length !== ids.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id)))
        throw new NothingChanged('invalid' as const);
      for (const [position, id] of ids.entries()) await AdPhoto.query(trx).findById(id).where('ad_id', adId).patch({ position });
      await backToReview(trx, adId, now);
      return 'ok' as const;
    }),
  );
}
