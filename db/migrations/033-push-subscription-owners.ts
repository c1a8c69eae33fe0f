// Search alerts hardened (docs/decisions/038-favourites-and-alerts.md, "Amended"): an alert belongs to its endpoint
// together with its auth secret, so someone who learns an endpoint and subscribes with a secret of their own makes
// alerts of their own instead of taking the device's (the same search is unique per endpoint and secret); and each
// row counts the push service's consecutive failures for its endpoint, so an endpoint that keeps failing is given up.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('push_subscriptions', (t) => {
    t.dropUnique(['endpoint', 'filter']);
  });
  await db.schema.alterTable('push_subscriptions', (t) => {
    t.unique(['endpoint', 'auth', 'filter']);
    t.integer('send_failures').notNullable().defaultTo(0);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('push_subscriptions', (t) => {
    t.dropColumn('send_failures');
    t.dropUnique(['endpoint', 'auth', 'filter']);
  });
  // Two secrets' alerts for one search cannot share the older key: the newest row of each pair stays.
  await db('push_subscriptions').whereNotIn('id', db('push_subscriptions').max('id').groupBy('endpoint', 'filter')).delete();
  await db.schema.alterTable('push_subscriptions', (t) => {
    t.unique(['endpoint', 'filter']);
  });
}
