// The one place that decides an ad's "Fotos reales" (ads.photos_verified and photos_verified_at): true exactly when
// the ad has at least one photo and staff verified every one of them (ad_images.verified_at), with the moment it
// became true. Every path that adds, removes or re-decides photos calls it in its own transaction: a new photo
// (never verified) turns it off at once, deleting the only unverified photo turns it back on.
import type { Knex } from 'knex';
import { Ad, AdPhoto } from '#db/models/index.ts';
import { forUpdate } from '#db/dialect.ts';

/**
 * Brings the ad's flag in line with its photos; returns the flag. Call it inside the transaction that changed the
 * photos, after the change. On SQLite the transaction must have written already (it then excludes every other
 * writer); on PostgreSQL the ad's row is locked first, so that two transactions changing the same ad's photos
 * (an upload and a staff decision) decide one after the other, the later one seeing the earlier's photos.
 */
export async function refreshPhotosVerified(trx: Knex, adId: number, now = new Date()): Promise<boolean> {
  const ad = await forUpdate(trx, Ad.query(trx).findById(adId).select('id', 'photos_verified'));
  if (!ad) return false;
  const photos = await AdPhoto.query(trx).where('ad_id', adId).select('verified_at');
  const verified = photos.length > 0 && photos.every((p) => p.verifiedAt !== null);
  // Written only on a change: photos_verified_at keeps the moment it became true.
  if (verified !== ad.photosVerified)
    await Ad.query(trx)
      .findById(adId)
      .patch({ photosVerified: verified, photosVerifiedAt: verified ? now : null });
  return verified;
}
