// Advertiser accounts: a confirmed email, server-side sessions (the cookie holds a random token, the table only
// its SHA-256), one-time tokens for mailed links (email confirmation, password reset), and the per-email
// login lock.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('advertisers', (t) => {
    t.timestamp('email_confirmed_at');
  });
  await db.schema.createTable('advertiser_sessions', (t) => {
    t.string('token_hash', 64).primary();
    t.integer('advertiser_id').notNullable().references('advertisers.id').onDelete('CASCADE').index();
    t.timestamp('created_at').notNullable();
    t.timestamp('last_seen_at').notNullable();
    t.timestamp('expires_at').notNullable();
  });
  await db.schema.createTable('advertiser_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.integer('advertiser_id').notNullable().references('advertisers.id').onDelete('CASCADE').index();
    t.string('purpose', 24).notNullable(); // confirm_email | reset_password
    t.timestamp('created_at').notNullable();
    t.timestamp('expires_at').notNullable();
    t.timestamp('used_at');
  });
  await db.schema.createTable('advertiser_login_throttle', (t) => {
    t.string('username', 254).primary(); // the email, lower case
    t.integer('failures').notNullable();
    t.timestamp('locked_until');
    t.timestamp('updated_at').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['advertiser_login_throttle', 'advertiser_tokens', 'advertiser_sessions']) await db.schema.dropTableIfExists(table);
  await db.schema.alterTable('advertisers', (t) => {
    t.dropColumn('email_confirmed_at');
  });
}
