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

export type PhotoAd = NonNullable<Awaited<ReturnType<typeof ownAdForPhotos>>>;

/** The advertiser's ad with its photo limit and whether its photos may change now; null when it is not theirs. */
export async function findPhotoAd(db: Knex, advertiserId: number, adId: number) {
  const ad = await ownAdForPhotos(db, advertiserId, adId);
  if (!ad) return null;
  return { ad, limit: photoLimit(ad), editable: (OWNER_EDITABLE_STATES as readonly string[]).includes(ad.state) };
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

export async function hasRoomForPhoto(db: Knex, ad: PhotoAd): Promise<boolean> {
  return (await listPhotos(db, ad.id)).length < photoLimit(ad);
}

/** Whether this picture (by its perceptual hash) was removed by staff from an ad: it may not come back. */
export function isRemovedPicture(db: Knex, hash: string | null): Promise<boolean> {
  return isRemovedAdPhoto(db, hash);
}

/** Adds a stored photo; its id, or why not (the ad is full, or locked by a report or staff meanwhile). */
export function addOwnPhoto(db: Knex, ad: PhotoAd, image: { key: string; width: number; height: number; hash: string | null }) {
  return addPhoto(db, ad, image);
}

/** Removes a photo; the keys of the files to delete, or why not. */
export function removeOwnPhoto(db: Knex, ad: PhotoAd, photoId: number) {
  return removePhoto(db, ad.id, photoId);
}

export function reorderOwnPhotos(db: Knex, ad: PhotoAd, ids: number[]) {
  return reorderPhotos(db, ad.id, ids);
}

/** The ad's photos with the plan's limit, as the photo manager shows them. */
export async function ownPhotosView(db: Knex, adId: number, limit: number): Promise<OwnPhotosView> {
  return { limit, photos: await ownPhotos(db, adId) };
}
