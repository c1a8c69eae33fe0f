// "Alertas" (docs/decisions/040-alertas.md): incidents that verified advertisers report against a phone number.
// The number is never stored: phone_hash is its HMAC-SHA256 under the server key 'alert_phone_key'
// (db/queries/server-keys.ts). Staff moderate each alert (pending → approved | rejected; an approved one may be
// withdrawn); only approved ones count in lookups. Rows are deleted 12 months after filing (api/jobs.ts).
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('safety_alerts', (t) => {
    t.increments('id');
    t.string('phone_hash', 64).notNullable();
    // Staff see who filed (to handle abuse); other advertisers never do.
    t.integer('reporter_id').notNullable().references('advertisers.id').onDelete('CASCADE').index();
    t.string('kind', 16).notNullable(); // no_se_presento | robo | violencia | estafa | amenaza
    t.text('description').notNullable();
    t.string('incident_date', 10); // 'YYYY-MM-DD', optional
    t.string('status', 16).notNullable(); // pending | approved | rejected | withdrawn
    t.string('decision_reason', 500); // why staff rejected or withdrew it; the reporter sees it
    t.timestamp('created_at').notNullable().index();
    t.timestamp('decided_at');
    t.integer('decided_by').references('admin_users.id').onDelete('SET NULL');
    t.index(['phone_hash', 'status']);
    t.index(['status', 'created_at']);
  });
  // One reporter counts once per number: a second alert on it waits until the first is rejected, withdrawn or gone.
  await db.raw(
    `create unique index safety_alerts_one_per_reporter on safety_alerts (phone_hash, reporter_id)
       where status in ('pending', 'approved')`,
  );
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('safety_alerts');
}
