// Photos that stay trustworthy (docs/decisions/067-photo-trust.md):
// - photo_hashes.mirror_hash: the perceptual hash of the photo flipped left to right, so that a mirrored copy of
//   another account's photo is found (a new photo is compared by its hash and by this one). Photos hashed before it
//   get it from their stored file through the scheduled backfill (api/services/photo-hash-backfill.ts), which picks
//   the rows with a hash and no mirror hash; rows kept for removed ads' photos need none (the upload's mirror hash
//   is compared with them). Not indexed: the candidates are found by the bands of the hashes being compared.
// The "Fotos reales" badge's expiry and its reminder need no column: the expiry follows from ads.photos_verified_at
// and the reminder is recorded in ad_mail_notices (kind 'photos_expiring', ends_at = when the badge expires).
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('photo_hashes', (t) => {
    t.string('mirror_hash', 16);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('photo_hashes', (t) => {
    t.dropColumn('mirror_hash');
  });
}
