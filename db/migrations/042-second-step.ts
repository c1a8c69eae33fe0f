// Accounts that cannot be taken over (docs/decisions/069-second-step.md): passkeys, authenticator-app secrets and
// recovery codes of staff and advertisers (one table each, the owner named by kind and id, as no row is shared);
// the short-lived steps of a sign-in or of adding a factor (a password accepted and a second step awaited, a
// passkey challenge), kept in the database because two processes may serve one sign-in; the browsers an account
// signed in from (a random cookie's hash, to mail on a new one); and each session's device label.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('passkeys', (t) => {
    t.increments('id').primary();
    t.string('owner_kind', 16).notNullable();
    t.integer('owner_id').notNullable();
    t.string('credential_id', 512).notNullable().unique();
    t.text('public_key').notNullable();
    t.bigInteger('sign_count').notNullable().defaultTo(0);
    t.string('transports', 200);
    t.string('name', 60).notNullable();
    t.timestamp('created_at').notNullable();
    t.timestamp('last_used_at');
    t.index(['owner_kind', 'owner_id']);
  });
  await db.schema.createTable('totp_factors', (t) => {
    t.string('owner_kind', 16).notNullable();
    t.integer('owner_id').notNullable();
    /** The secret sealed with IDENTITY_KEY: a copy of the database gives no codes. */
    t.text('secret_sealed').notNullable();
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    t.bigInteger('last_step');
    t.timestamp('created_at').notNullable();
    t.primary(['owner_kind', 'owner_id']);
  });
  await db.schema.createTable('recovery_codes', (t) => {
    t.increments('id').primary();
    t.string('owner_kind', 16).notNullable();
    t.integer('owner_id').notNullable();
    t.string('code_hash', 64).notNullable();
    t.timestamp('created_at').notNullable();
    t.timestamp('used_at');
    t.index(['owner_kind', 'owner_id']);
  });
  await db.schema.createTable('sign_in_steps', (t) => {
    t.string('token_hash', 64).primary();
    t.string('owner_kind', 16).notNullable();
    /** Null for a passkey sign-in's challenge, whose owner is known only from the passkey. */
    t.integer('owner_id');
    t.string('purpose', 24).notNullable();
    t.string('challenge', 128);
    /** A secret being set up, sealed, until its first code confirms it. */
    t.text('pending_secret_sealed');
    t.integer('failures').notNullable().defaultTo(0);
    t.timestamp('created_at').notNullable();
    t.timestamp('expires_at').notNullable().index();
  });
  await db.schema.createTable('known_devices', (t) => {
    t.string('owner_kind', 16).notNullable();
    t.integer('owner_id').notNullable();
    t.string('device_hash', 64).notNullable();
    t.timestamp('created_at').notNullable();
    t.timestamp('last_seen_at').notNullable();
    t.primary(['owner_kind', 'owner_id', 'device_hash']);
  });
  for (const table of ['admin_sessions', 'advertiser_sessions']) {
    await db.schema.alterTable(table, (t) => {
      /** "Chrome en Android": the browser's family and system, nothing finer (no version, no address). */
      t.string('device', 60);
    });
  }
  await db.schema.alterTable('advertisers', (t) => {
    /** When the advertiser asked for a second step after her password; null: the password alone. */
    t.timestamp('second_step_at');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('advertisers', (t) => {
    t.dropColumn('second_step_at');
  });
  for (const table of ['admin_sessions', 'advertiser_sessions']) {
    await db.schema.alterTable(table, (t) => {
      t.dropColumn('device');
    });
  }
  for (const table of ['known_devices', 'sign_in_steps', 'recovery_codes', 'totp_factors', 'passkeys']) await db.schema.dropTable(table);
}
