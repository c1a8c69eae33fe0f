// Staff authentication: server-side sessions (the cookie holds a random token, the table only its SHA-256),
// the per-username login lock, and the audit log of every staff action and login attempt.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('admin_sessions', (t) => {
    t.string('token_hash', 64).primary();
    t.integer('admin_user_id').notNullable().references('admin_users.id').onDelete('CASCADE').index();
    t.timestamp('created_at').notNullable();
    t.timestamp('last_seen_at').notNullable();
    t.timestamp('expires_at').notNullable(); // absolute limit, whatever the activity
  });
  // Failed logins per username (known or not, so the answer does not tell which exist).
  await db.schema.createTable('admin_login_throttle', (t) => {
    t.string('username', 64).primary();
    t.integer('failures').notNullable();
    t.timestamp('locked_until');
    t.timestamp('updated_at').notNullable();
  });
  await db.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.timestamp('created_at').notNullable().index();
    t.integer('admin_user_id').references('admin_users.id').onDelete('SET NULL');
    t.string('username', 64); // as typed at login, or the acting admin's
    t.string('action', 64).notNullable().index();
    t.string('target_type', 32);
    t.string('target_id', 64);
    t.text('details'); // JSON
    t.string('ip', 45);
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['audit_log', 'admin_login_throttle', 'admin_sessions']) await db.schema.dropTableIfExists(table);
}
