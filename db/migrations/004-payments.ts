// Bank accounts that receive payments (one active at a time) and payments for plans. Amounts are whole pesos.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('bank_accounts', (t) => {
    t.increments('id');
    t.string('bank_name', 80).notNullable();
    t.string('account_holder', 120).notNullable();
    t.string('account_number', 40).notNullable();
    t.string('cbu', 22).notNullable().unique();
    t.string('alias', 20);
    t.string('account_type', 16).notNullable(); // checking | savings
    t.boolean('active').notNullable();
    t.timestamp('created_at').notNullable();
  });
  await db.schema.createTable('payments', (t) => {
    t.increments('id');
    t.integer('advertiser_id').notNullable().references('advertisers.id').onDelete('CASCADE').index();
    t.integer('ad_id').references('ads.id').onDelete('SET NULL');
    t.integer('amount').notNullable();
    t.string('description', 200);
    t.string('payment_method', 16).notNullable(); // mercadopago | transfer | card
    t.string('status', 16).notNullable(); // pending | completed
    t.string('reference', 32).notNullable().unique();
    t.integer('bank_account_id').references('bank_accounts.id').onDelete('SET NULL');
    t.string('notes', 500);
    t.integer('processed_by').references('admin_users.id').onDelete('SET NULL');
    t.timestamp('processed_at');
    t.timestamp('created_at').notNullable();
    t.index(['status', 'created_at']);
    t.index(['created_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('payments');
  await db.schema.dropTableIfExists('bank_accounts');
}
