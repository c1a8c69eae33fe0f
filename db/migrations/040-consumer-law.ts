// Consumer law (docs/decisions/068-consumer-law.md): when a paused ad was paused (its paid plan's time stands still
// meanwhile and is added back when it is resumed); the "Botón de arrepentimiento" requests (a purchase revoked
// within 10 days, refunded by staff by hand); the "Botón de baja" requests (confirmed from a mail link, they stop
// the account's renewals and may close it); and when an account's renewals were stopped.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.timestamp('paused_at');
  });
  await db.schema.alterTable('advertisers', (t) => {
    t.timestamp('renewals_stopped_at');
  });
  await db.schema.createTable('revocation_requests', (t) => {
    t.increments('id').primary();
    t.string('code', 16).notNullable().unique();
    // One revocation per payment. The payment's reference and amount are copied: the request outlives the account.
    t.integer('payment_id').references('payments.id').onDelete('SET NULL').unique();
    t.integer('advertiser_id').references('advertisers.id').onDelete('SET NULL');
    t.string('payment_reference', 32).notNullable();
    t.integer('amount').notNullable();
    t.string('description', 200).notNullable();
    /** Whether money was taken: a completed payment is refunded by hand; a pending one was only cancelled. */
    t.boolean('was_paid').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.timestamp('created_at').notNullable();
    t.timestamp('refunded_at');
    t.integer('refunded_by').references('admin_users.id').onDelete('SET NULL');
  });
  await db.schema.createTable('cancellation_requests', (t) => {
    t.increments('id').primary();
    t.string('code', 16).notNullable().unique();
    t.integer('advertiser_id').notNullable().references('advertisers.id').onDelete('CASCADE').index();
    /** SHA-256 of the token mailed to the account's address; the token itself is never stored. */
    t.string('token_hash', 64).notNullable().unique();
    t.boolean('close_account').notNullable();
    t.timestamp('created_at').notNullable();
    t.timestamp('confirmed_at');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('cancellation_requests');
  await db.schema.dropTable('revocation_requests');
  await db.schema.alterTable('advertisers', (t) => {
    t.dropColumn('renewals_stopped_at');
  });
  await db.schema.alterTable('ads', (t) => {
    t.dropColumn('paused_at');
  });
}
