// Photos stored before perceptual hashes existed (migration 031), or hashed before mirror hashes did (migration 039,
// decision 067), get both from their stored file, a batch per run of the scheduled job: the 800-pixel WebP is the
// photo as decoded at upload, so its hash is the upload's within a bit or two. A file that is gone or unreadable is
// recorded without a hash, so it is not read again every run.
import type { Knex } from 'knex';
import { adImageObjectKey, hashesOfStoredImage } from './image-store.ts';
import type { ObjectStore } from './object-store/object-store.ts';
import { keepHashWithoutMirror, photosWithoutHash, savePhotoHash } from '#db/queries/duplicates.ts';
import { AD_IMAGE_WIDTHS } from '#shared/photo-urls.ts';

/** Hashes up to `batch` photos that have no hash or no mirror hash yet; returns how many it hashed. */
export async function hashStoredPhotos(db: Knex, store: ObjectStore, batch = 200): Promise<number> {
  const photos = await photosWithoutHash(db, batch);
  const largest = Math.max(...AD_IMAGE_WIDTHS) as (typeof AD_IMAGE_WIDTHS)[number];
  for (const photo of photos) {
    const object = await store.get(adImageObjectKey(photo.fileKey, largest));
    const hashes = object ? await hashesOfStoredImage(object.bytes).catch(() => null) : null;
    // Unreadable now: a hash stored when the photo was uploaded must not be erased by this pass.
    await (hashes ? savePhotoHash(db, photo.id, hashes) : keepHashWithoutMirror(db, photo.id));
  }
  return photos.length;
}
