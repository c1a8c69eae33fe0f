// Identity verification: each submission is a request staff decide on (the decision, date and reviewer are
// kept for good); its documents are encrypted files (api/services/identity-vault.ts) listed here until the
// purge job deletes them 30 days after the decision.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('verification_requests', (t) => {
    t.increments('id');
    t.integer('advertiser_id').notNullable().references('advertisers.id').onDelete('CASCADE').index();
    t.string('method', 16).notNullable(); // renaper | manual
    t.string('full_name', 120).notNullable();
    t.date('birth_date').notNullable();
    t.string('dni', 8);
    t.string('tramite', 14);
    t.string('gender', 1); // M | F | X
    t.string('status', 16).notNullable(); // pending | approved | rejected
    t.string('reason', 500); // why it was rejected, shown to the advertiser
    t.timestamp('submitted_at').notNullable();
    t.timestamp('decided_at');
    t.integer('decided_by').references('admin_users.id').onDelete('SET NULL');
    t.timestamp('documents_purged_at');
    t.index(['status', 'submitted_at']);
    t.index(['decided_at']);
  });
  await db.schema.createTable('identity_documents', (t) => {
    t.increments('id');
    t.integer('request_id').notNullable().references('verification_requests.id').onDelete('CASCADE').index();
    t.string('kind', 16).notNullable(); // dni_front | dni_back | selfie
    t.string('file_key', 32).notNullable().unique();
    t.integer('bytes').notNullable();
    t.timestamp('created_at').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('identity_documents');
  await db.schema.dropTableIfExists('verification_requests');
}
