// Two things issue #16 (trust and safety) needs kept:
// - check_ins: the advertiser's safety timer (docs/decisions/041-check-in.md). One row while a timer runs, at most
//   one per advertiser; checking in, cancelling or the contact's mail deletes it: nothing is kept after it ends.
// - ad_reviews: each time an ad enters the review queue and when staff decided on it, for the transparency report
//   (docs/decisions/042-transparency-report.md). ads.submitted_at only holds the latest submission; this keeps each.
//   Also indexes for the report's reads of reports by month.
import type { Knex } from 'knex';

/** The settings row that holds when ad_reviews began (db/queries/transparency.ts reads it). */
const AD_REVIEWS_SINCE_KEY = 'ad_reviews_since';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('check_ins', (t) => {
    t.increments('id');
    t.integer('advertiser_id').notNullable().unique().references('advertisers.id').onDelete('CASCADE');
    t.string('contact_email', 254).notNullable();
    // How the contact knows the advertiser, and what the advertiser chose to share if they do not check in.
    t.string('shown_name', 60).notNullable();
    t.text('message').notNullable();
    t.timestamp('started_at').notNullable();
    t.timestamp('due_at').notNullable();
    t.integer('extensions').notNullable().defaultTo(0);
    // The overdue mail: how many times it was tried and when it may be tried again (api/services/check-in-alerts.ts).
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at');
    t.index(['due_at']);
  });
  await db.schema.createTable('ad_reviews', (t) => {
    t.increments('id');
    // Kept when the ad is deleted: the report counts what was reviewed, not what still exists.
    t.integer('ad_id').references('ads.id').onDelete('SET NULL');
    t.timestamp('submitted_at').notNullable().index();
    t.timestamp('decided_at').index();
    t.index(['ad_id', 'decided_at']);
  });
  // From when submissions are counted: the transparency report says so, and shows no figure for months before.
  await db('settings').insert({ key: AD_REVIEWS_SINCE_KEY, value: new Date().toISOString(), updated_at: new Date() });
  await db.schema.alterTable('reports', (t) => {
    t.index(['created_at'], 'reports_created_at_index');
    t.index(['decided_at'], 'reports_decided_at_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('reports', (t) => {
    t.dropIndex(['decided_at'], 'reports_decided_at_index');
    t.dropIndex(['created_at'], 'reports_created_at_index');
  });
  await db('settings').where('key', AD_REVIEWS_SINCE_KEY).delete();
  await db.schema.dropTable('ad_reviews');
  await db.schema.dropTable('check_ins');
}
