// Rates tables (docs/decisions/031-rates.md): an amount per place and duration of each ad, replacing the single price
// per hour, which stays in ads.price_per_hour as the lowest 1-hour rate (written with the rates, read by search).
// Every existing price becomes the 1-hour rate of the ad's first place: its own place when it marks "presencial" or
// no in-person service at all, otherwise "domicilio", then "hotel" (services_mask bits: presencial 1, virtual 2,
// domicilio 4, hotel 8; written out here so that later changes to the catalogue cannot change what this did).
import type { Knex } from 'knex';
import { unwatchAdChildTable, watchAdChildTable } from './ad-child-catalog-triggers.ts';

const FIRST_PLACE = `CASE
  WHEN (services_mask & 1) <> 0 OR (services_mask & 13) = 0 THEN 'propio'
  WHEN (services_mask & 4) <> 0 THEN 'domicilio'
  ELSE 'hotel' END`;

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('ad_rates', (t) => {
    t.increments('id');
    t.integer('ad_id').notNullable().references('ads.id').onDelete('CASCADE');
    t.string('place', 16).notNullable();
    t.string('duration', 16).notNullable();
    t.integer('amount').notNullable();
    t.unique(['ad_id', 'place', 'duration']);
  });
  await db.raw(
    `INSERT INTO ad_rates (ad_id, place, duration, amount)
       SELECT id, ${FIRST_PLACE}, '1h', price_per_hour FROM ads WHERE price_per_hour IS NOT NULL ORDER BY id`,
  );
  // After the copy: moving prices changes no public page (the price per hour stays as it was).
  await watchAdChildTable(db, 'ad_rates');
}

// The price per hour stays in ads; the other rates go with the table.
export async function down(db: Knex): Promise<void> {
  await unwatchAdChildTable(db, 'ad_rates');
  await db.schema.dropTable('ad_rates');
}
