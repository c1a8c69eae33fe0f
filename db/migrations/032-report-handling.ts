// Reports handled fast and fairly, and evidence kept for the authorities (docs/decisions/044-report-handling-and-escalation.md):
// - escalated_at: when an open hiding report past 24 hours was escalated to staff (alert and mail), once;
// - hold_withheld: why a report of a hiding reason did not hide the ad ('day_limit': its source hid the most ads of
//   the day; 'dismissed_source': staff dismissed its source's hiding reports too often), for staff to see;
// - preserved_at/by and preserved_copy: a report preserved for the authorities keeps a full copy of the ad and its
//   advertiser's account as they were, and (report_preserved_files) the ad's photos, beyond any deletion until
//   staff release it;
// - report_answers: what the advertiser of a held ad answers to the report, shown to staff with it.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('reports', (t) => {
    t.timestamp('escalated_at');
    t.string('hold_withheld', 16); // day_limit | dismissed_source
    t.timestamp('preserved_at');
    t.integer('preserved_by').references('admin_users.id').onDelete('SET NULL');
    t.text('preserved_copy'); // JSON: { ad: the ads row, advertiser: the account's identifying data, photoKeys }
  });
  await db.schema.createTable('report_answers', (t) => {
    t.increments('id');
    t.integer('report_id').notNullable().references('reports.id').onDelete('CASCADE').index();
    // No foreign key: an answer kept with a preserved report outlives the account's data.
    t.integer('advertiser_id').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at').notNullable();
  });
  await db.schema.createTable('report_preserved_files', (t) => {
    t.integer('report_id').notNullable().references('reports.id').onDelete('CASCADE');
    t.string('file_key', 64).notNullable().index();
    t.primary(['report_id', 'file_key']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('report_preserved_files');
  await db.schema.dropTableIfExists('report_answers');
  await db.schema.alterTable('reports', (t) => {
    t.dropColumn('preserved_copy');
    t.dropForeign(['preserved_by']);
    t.dropColumn('preserved_by');
    t.dropColumn('preserved_at');
    t.dropColumn('hold_withheld');
    t.dropColumn('escalated_at');
  });
}
