// Duplicate photos and the review score (docs/decisions/043-screening-and-duplicates.md).
// - photo_hashes: the perceptual hash of each ad photo (shared/photo-hash.ts), its 4 bands of 16 bits in indexed
//   columns so that "photos within the distance" is a few index lookups. A live photo's row goes with the photo
//   (ad_image_id, cascade); when staff remove an ad, its photos' hashes are copied into rows of their own
//   (removed_at, no photo) that outlive the files and the ad, so the pictures cannot come back. A null hash: the
//   photo was hashed and is flat (nothing to compare).
// - ads.review_score: the sum of the weights of the ad's review flags; the review queue reads the heaviest first.
//   Not a column the public sees: the catalog triggers (014) do not watch it.
import type { Knex } from 'knex';

const BANDS = ['b0', 'b1', 'b2', 'b3'];

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('photo_hashes', (t) => {
    t.increments('id');
    t.integer('ad_image_id').references('ad_images.id').onDelete('CASCADE').unique();
    t.string('hash', 16);
    for (const band of BANDS) t.integer(band).index();
    // Rows kept after a removal by staff: which ad and account they came from, and when.
    t.integer('removed_ad_id');
    t.integer('removed_advertiser_id');
    t.timestamp('removed_at');
  });
  // Plain ALTER TABLE on both databases: Knex's SQLite builder could copy ads into a new table and lose its triggers.
  await db.raw('alter table ads add column review_score integer');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('alter table ads drop column review_score');
  await db.schema.dropTableIfExists('photo_hashes');
}
