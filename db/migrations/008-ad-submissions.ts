// Ads written by advertisers: the plan they chose in the form (what their photo limit follows until a paid
// plan is active), when they sent it for review, and the red flags screening found (JSON), shown to staff.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.string('requested_plan', 16).notNullable().defaultTo('gratuito');
    t.timestamp('submitted_at');
    t.text('review_flags');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.dropColumn('review_flags');
    t.dropColumn('submitted_at');
    t.dropColumn('requested_plan');
  });
}
