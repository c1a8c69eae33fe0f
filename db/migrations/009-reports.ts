// Reports of ads by visitors ("Denunciar"): why, optional details and a way to answer, and what staff decided.
// A report of a possible minor or of trafficking hides the ad at once (state 'held'); hid_ad records that.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('reports', (t) => {
    t.increments('id');
    t.integer('ad_id').references('ads.id').onDelete('SET NULL').index();
    t.string('ad_reference', 200); // what the visitor typed when no ad could be found (a code, a link)
    t.string('reason', 24).notNullable(); // posible_menor | posible_trata | estafa | fotos_falsas | otro
    t.text('details');
    t.string('contact_email', 254);
    t.string('status', 16).notNullable(); // open | resolved | dismissed
    t.boolean('hid_ad').notNullable().defaultTo(false);
    t.timestamp('created_at').notNullable();
    t.timestamp('decided_at');
    t.integer('decided_by').references('admin_users.id').onDelete('SET NULL');
    t.index(['status', 'created_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('reports');
}
