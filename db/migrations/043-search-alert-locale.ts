// The language of a search alert (docs/decisions/038-favourites-and-alerts.md, 070-languages.md): the language of the
// page it was made on ('es', 'pt' or 'en'), which its notifications are written in and whose search they open. Alerts
// made before it notify in Spanish, as they did.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('push_subscriptions', (t) => {
    t.string('locale', 2).notNullable().defaultTo('es');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('push_subscriptions', (t) => {
    t.dropColumn('locale');
  });
}
