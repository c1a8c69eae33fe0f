// Messages from the contact form (the footer's Soporte links), kept for staff to read and answer by email.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('contact_messages', (t) => {
    t.increments('id');
    t.string('name', 120);
    t.string('email', 254).notNullable();
    t.string('topic', 24).notNullable(); // consulta | soporte | pagos | datos | otro
    t.text('message').notNullable();
    t.string('status', 16).notNullable(); // open | answered
    t.timestamp('created_at').notNullable();
    t.timestamp('answered_at');
    t.integer('answered_by').references('admin_users.id').onDelete('SET NULL');
    t.index(['status', 'created_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('contact_messages');
}
