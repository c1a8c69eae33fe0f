// Alerts for new ads on a saved search (docs/decisions/038-favourites-and-alerts.md): a browser's Web Push
// subscription and the search it follows, nothing else (no IP, no agent, no account). The endpoint identifies a
// device, so a row goes when the device unsubscribes, when the push service says it is gone (404/410) and after 12
// months without a notification.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('push_subscriptions', (t) => {
    t.increments('id').primary();
    // One device may follow several searches: one row per search, the endpoint repeated.
    t.string('endpoint', 1024).notNullable();
    t.string('p256dh', 128).notNullable();
    t.string('auth', 64).notNullable();
    // The canonical query string of /buscar (shared/search-filters.ts toSearchParams, without the page).
    t.string('filter', 1024).notNullable();
    t.timestamp('created_at').notNullable();
    t.timestamp('last_notified_at').nullable();
    // The newest published_at already counted: ads published after it are the new ones.
    t.timestamp('announced_until').notNullable();
    t.unique(['endpoint', 'filter']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('push_subscriptions');
}
