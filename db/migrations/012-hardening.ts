// Hardening after the outside audit (docs/security.md):
// - reports keep a snapshot of the reported ad (and its photos as evidence) that outlives the ad, and a keyed
//   hash of the reporter's address so that hiding reports can be limited per reporter without storing the address;
// - login attempts are counted per bucket (account and address, account alone) before any password is checked;
// - staff alerts (a hiding report, a password attack) shown in the panel;
// - held_at: when a report hid the ad, so the paid plan's time can be frozen while it is hidden.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('reports', (t) => {
    t.text('ad_snapshot'); // JSON: { adId, title, category, advertiserId, advertiserName, state, photoKeys }
    t.string('reporter_key', 64); // HMAC of the reporter's address with a server key; never the address itself
    t.index(['reporter_key', 'created_at']);
  });
  // Photos kept for staff while a report about them is open or was upheld, even when the ad or photo is deleted.
  await db.schema.createTable('report_evidence', (t) => {
    t.integer('report_id').notNullable().references('reports.id').onDelete('CASCADE');
    t.string('file_key', 64).notNullable().index();
    t.primary(['report_id', 'file_key']);
  });
  await db.schema.createTable('login_attempts', (t) => {
    t.string('bucket', 64).primary(); // sha256 of kind, account name and (for the per-address bucket) address
    t.string('account', 64).notNullable().index(); // sha256 of kind and account name: clears every bucket of it
    t.integer('attempts').notNullable();
    t.timestamp('window_ends_at').notNullable();
    t.timestamp('next_allowed_at');
    t.timestamp('updated_at').notNullable();
  });
  // Replaced by login_attempts: they counted failures after checking the password, and locked an account for everyone.
  await db.schema.dropTableIfExists('admin_login_throttle');
  await db.schema.dropTableIfExists('advertiser_login_throttle');
  await db.schema.createTable('staff_alerts', (t) => {
    t.increments('id');
    t.string('kind', 32).notNullable(); // hiding_report | login_attack
    t.string('permission', 32); // who should see it: a panel permission, or null for the super admin only
    t.text('message').notNullable();
    t.integer('ad_id'); // no foreign key: the alert outlives the ad
    t.timestamp('created_at').notNullable();
    t.timestamp('seen_at');
    t.integer('seen_by').references('admin_users.id').onDelete('SET NULL');
    t.index(['seen_at', 'created_at']);
  });
  await db.schema.alterTable('ads', (t) => {
    t.timestamp('held_at');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.dropColumn('held_at');
  });
  await db.schema.dropTableIfExists('staff_alerts');
  await db.schema.dropTableIfExists('login_attempts');
  for (const [table, length] of [
    ['admin_login_throttle', 64],
    ['advertiser_login_throttle', 254],
  ] as const) {
    await db.schema.createTable(table, (t) => {
      t.string('username', length).primary();
      t.integer('failures').notNullable();
      t.timestamp('locked_until');
      t.timestamp('updated_at').notNullable();
    });
  }
  await db.schema.dropTableIfExists('report_evidence');
  await db.schema.alterTable('reports', (t) => {
    t.dropIndex(['reporter_key', 'created_at']);
    t.dropColumn('reporter_key');
    t.dropColumn('ad_snapshot');
  });
}
