// "Fotos reales" (docs/decisions/033-photo-verification.md). An ad's owner asks for a check; the server picks a
// gesture; the owner sends a selfie making it with the ad's code on paper (encrypted like identity documents,
// under identity/, deleted 30 days after the decision); staff mark each photo verified or not.
// - photo_verification_requests: one per check, at most one open (awaiting_selfie or pending) per ad.
// - photo_verification_checks: staff's decision on each photo of a decided request, with the reason when refused.
// - ad_images.verified_at / verified_by: the photo's own state; a new photo has none.
// - ads.photos_verified_at: since when every photo of the ad is verified. Written only together with
//   photos_verified (db/queries/photos-verified.ts), which the catalog triggers watch, so the triggers of ads stay
//   as they are.
// The new tables hold nothing a public page shows; ad_images and ads are watched already (014-catalog-version.ts).
import type { Knex } from 'knex';
import { dialectOf } from '#db/dialect.ts';

export async function up(db: Knex): Promise<void> {
  // Plain ALTER TABLE ... ADD COLUMN on both databases: Knex's SQLite builder would copy ad_images into a new table
  // for a column with a reference, and the copy would lose the table's catalog triggers.
  // The types Knex gives t.timestamp() on each database.
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'datetime';
  await db.raw(`alter table ads add column photos_verified_at ${timestamp}`);
  await db.raw(`alter table ad_images add column verified_at ${timestamp}`);
  await db.raw('alter table ad_images add column verified_by integer references admin_users (id) on delete set null');
  // Nothing set it under this meaning before (only demo data): no photo was compared with a selfie.
  await db('ads').where('photos_verified', true).update({ photos_verified: false });

  await db.schema.createTable('photo_verification_requests', (t) => {
    t.increments('id');
    t.integer('ad_id').notNullable().references('ads.id').onDelete('CASCADE').index();
    t.integer('advertiser_id').notNullable().references('advertisers.id').onDelete('CASCADE').index();
    t.string('gesture', 32).notNullable();
    t.string('status', 16).notNullable(); // awaiting_selfie | pending | approved | rejected
    // The sealed selfie (identity/{key}.bin); null before it is sent and after it is purged.
    t.string('selfie_key', 32).unique();
    t.integer('selfie_bytes');
    t.timestamp('requested_at').notNullable();
    t.timestamp('submitted_at');
    t.timestamp('decided_at');
    t.integer('decided_by').references('admin_users.id').onDelete('SET NULL');
    t.timestamp('selfie_purged_at');
    t.index(['status', 'submitted_at']);
    t.index(['decided_at']);
  });
  // One open request per ad: a double click, or two tabs, cannot open two.
  await db.raw(
    `create unique index photo_verification_one_open_per_ad on photo_verification_requests (ad_id)
       where status in ('awaiting_selfie', 'pending')`,
  );
  await db.schema.createTable('photo_verification_checks', (t) => {
    t.increments('id');
    t.integer('request_id').notNullable().references('photo_verification_requests.id').onDelete('CASCADE').index();
    // The photo checked; null once the owner deleted it (the decision stays).
    t.integer('ad_image_id').references('ad_images.id').onDelete('SET NULL').index();
    t.integer('position').notNullable();
    t.boolean('verified').notNullable();
    t.string('reason', 300); // why it was refused, shown to the advertiser
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('photo_verification_checks');
  await db.schema.dropTableIfExists('photo_verification_requests');
  await db.raw('alter table ad_images drop column verified_by');
  await db.raw('alter table ad_images drop column verified_at');
  await db.raw('alter table ads drop column photos_verified_at');
}
