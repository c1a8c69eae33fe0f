// The one place that decides an ad's "Fotos reales" (ads.photos_verified and photos_verified_at): true exactly when
// the ad has at least one photo and staff verified every one of them (ad_images.verified_at) within the last
// PHOTOS_VERIFIED_DAYS days (docs/decisions/067-photo-trust.md), dated by the oldest of those checks: the badge says
// how old the check is, and it ends when that check is PHOTOS_VERIFIED_DAYS days old. Every path that adds, removes or
// re-decides photos calls it in its own transaction (a new photo, never verified, turns it off at once; deleting the
// only unverified photo turns it back on), and so does the hourly job that ends badges whose check got too old.
import type { Knex } from 'knex';
import { Ad, AdPhoto } from '#db/models/index.ts';
import { forUpdate } from '#db/dialect.ts';
import { checkHolds, PHOTOS_VERIFIED_DAYS } from '#shared/photo-verification.ts';
import { addDays } from '#shared/plans.ts';

/**
 * Brings the ad's flag and date in line with its photos; returns the flag. Call it inside the transaction that changed
 * the photos, after the change. On SQLite the transaction must have written already (it then excludes every other
 * writer); on PostgreSQL the ad's row is locked first, so that two transactions changing the same ad's photos
 * (an upload and a staff decision) decide one after the other, the later one seeing the earlier's photos.
 */
export async function refreshPhotosVerified(trx: Knex, adId: number, now = new Date()): Promise<boolean> {
  const ad = await forUpdate(trx, Ad.query(trx).findById(adId).select('id', 'photos_verified', 'photos_verified_at'));
  if (!ad) return false;
  const photos = await AdPhoto.query(trx).where('ad_id', adId).select('verified_at');
  const verified = photos.length > 0 && photos.every((p) => p.verifiedAt !== null && checkHolds(p.verifiedAt, now));
  const since = verified ? new Date(Math.min(...photos.map((p) => p.verifiedAt!.getTime()))) : null;
  // Written only on a change, and always both columns together: photos_verified is what raises the catalog version.
  if (verified !== ad.photosVerified || since?.getTime() !== ad.photosVerifiedAt?.getTime())
    await Ad.query(trx).findById(adId).patch({ photosVerified: verified, photosVerifiedAt: since });
  return verified;
}

/**
 * Ends the badge of the ads whose check is PHOTOS_VERIFIED_DAYS days old at `now` (the hourly job); returns how many.
 * One conditional statement: the oldest check of such an ad is that old, so refreshPhotosVerified would turn it off
 * too. Both columns change together, and photos_verified raises the catalog version (cached pages, search index).
 */
export async function endExpiredPhotoBadges(db: Knex, now: Date): Promise<number> {
  return Ad.query(db)
    .where('photos_verified', true)
    .where('photos_verified_at', '<=', addDays(now, -PHOTOS_VERIFIED_DAYS))
    .patch({ photosVerified: false, photosVerifiedAt: null });
}
