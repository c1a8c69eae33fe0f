// "Disponible ahora" and "Hoy no atiendo" (docs/decisions/032-available-now.md): windows an advertiser opens on an
// ad, kept as history (the advertiser's statistics mark them on the chart) for 13 months. A window is 'available'
// (the ad matches "ahora" and ranks first in its tier while it lasts) or 'off' (hidden from "ahora" and "hoy" until
// Buenos Aires midnight). Ended early, a window keeps its row with the earlier end. Rows show on public pages (the
// badge, the search), so they raise the catalog version like the ad's photos.
import type { Knex } from 'knex';
import { unwatchAdChildTable, watchAdChildTable } from './ad-child-catalog-triggers.ts';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('availability_windows', (t) => {
    t.increments('id');
    t.integer('ad_id').notNullable().references('ads.id').onDelete('CASCADE');
    // A check constraint on both dialects.
    t.enu('kind', ['available', 'off']).notNullable();
    // Written by the app (docs/decisions/002): starts when asked, ends at its length or when ended early.
    t.timestamp('starts_at').notNullable();
    t.timestamp('ends_at').notNullable();
    t.timestamp('created_at').notNullable();
    // An ad's windows by start: the daily limit, the owner's state, the statistics chart.
    t.index(['ad_id', 'starts_at']);
    // The windows in force now, for search (kind, then those not yet ended), with the ad they name.
    t.index(['kind', 'ends_at', 'starts_at', 'ad_id']);
  });
  await watchAdChildTable(db, 'availability_windows');
}

export async function down(db: Knex): Promise<void> {
  await unwatchAdChildTable(db, 'availability_windows');
  await db.schema.dropTable('availability_windows');
}
