// The photos of an advertiser's own ad (the form's photo step): how many its plan allows, the list as the owner sees
// it, and adding, removing and reordering them. The caller stores and deletes the files (re-encoded, without
// metadata); a picture staff removed from an ad is refused before anything is stored (docs/decisions/043).
import type { Knex } from 'knex';
import { addPhoto, listPhotos, ownAdForPhotos, removePhoto, reorderPhotos } from '#db/queries/ad-photos.ts';
import { isRemovedAdPhoto } from '#db/queries/duplicates.ts';
import { OWNER_EDITABLE_STATES } from '#shared/catalogue.ts';
import type { OwnPhoto, OwnPhotosView } from '#shared/contracts/advertiser/own-ads.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { photoLimit } from '#shared/plans.ts';
import type { PictureHashes } from '#shared/photo-hash.ts';
import { refuse } from '#core/refusals.ts';

export type PhotoAd = NonNullable<Awaited<ReturnType<typeof ownAdForPhotos>>>;

/**
 * The advertiser's ad with its photo limit; refused when it is not theirs and, for a change (`toChange`), when a
 * report or staff locked it (checked again inside each change's transaction).
 */
export async function ownPhotoAd(db: Knex, advertiserId: number, adId: number, { toChange }: { toChange: boolean }) {
  const ad = await ownAdForPhotos(db, advertiserId, adId);
  if (!ad) throw refuse('own_ad_missing');
  if (toChange && !(OWNER_EDITABLE_STATES as readonly string[]).includes(ad.state)) throw refuse('ad_locked');
  return { ad, limit: photoLimit(ad) };
}

export async function ownPhotos(db: Knex, adId: number): Promise<OwnPhoto[]> {
  return (await listPhotos(db, adId)).map((p) => ({
    id: p.id,
    position: p.position,
    width: p.width,
    height: p.height,
    url: adImageUrl(p.key, 400),
    urlLarge: adImageUrl(p.key, 800),
  }));
}

/** Refused when the ad has as many photos as its plan allows. */
export async function checkRoomForPhoto(db: Knex, ad: PhotoAd): Promise<void> {
  const limit = photoLimit(ad);
  if ((await listPhotos(db, ad.id)).length >= limit) throw refuse('photos_full', { limit });
}

/** Whether this picture (by its perceptual hashes, mirror image included) was removed by staff from an ad: it may not come back. */
export function isRemovedPicture(db: Knex, picture: PictureHashes): Promise<boolean> {
  return isRemovedAdPhoto(db, picture);
}

/** Adds a stored photo and answers it; refused when the ad filled up, or was locked by a report or staff, meanwhile. */
export async function addOwnPhoto(
  db: Knex,
  ad: PhotoAd,
  image: { key: string; width: number; height: number } & PictureHashes,
): Promise<OwnPhoto> {
  const id = await addPhoto(db, ad, image);
  if (id === 'full') throw refuse('photos_full', { limit: photoLimit(ad) });
  if (id === 'locked') throw refuse('ad_locked');
  return (await ownPhotos(db, ad.id)).find((p) => p.id === id)!;
}

/** Removes a photo; the keys of the files to delete. */
export async function removeOwnPhoto(db: Knex, ad: PhotoAd, photoId: number): Promise<string[]> {
  const keys = await removePhoto(db, ad.id, photoId);
  if (keys === 'locked') throw refuse('ad_locked');
  if (keys === 'missing') throw refuse('photo_missing');
  return keys;
}

/** Puts the photos in the order of `ids` (each of the ad's photos once). */
export async function reorderOwnPhotos(db: Knex, ad: PhotoAd, ids: number[]): Promise<void> {
  const result = await reorderPhotos(db, ad.id, ids);
  if (result === 'locked') throw refuse('ad_locked');
  if (result === 'invalid') throw refuse('photo_order_invalid');
}

/** The ad's photos with the plan's limit, as the photo manager shows them. */
export async function ownPhotosView(db: Knex, adId: number, limit: number): Promise<OwnPhotosView> {
  return { limit, photos: await ownPhotos(db, adId) };
}
