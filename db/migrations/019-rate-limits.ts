// Per-address request budgets shared by every process on PostgreSQL (db/queries/rate-limits.ts, decision 029): one
// row per budget and address, in the layout rate-limiter-flexible's PostgreSQL store reads and writes. UNLOGGED there:
// a counter needs no crash safety (a crash empties the table, which only forgives the current windows), and skipping
// the write-ahead log keeps the per-request update cheap. On SQLite budgets are counted in memory and the table stays
// empty; it exists so that both databases have the same tables.
import type { Knex } from 'knex';
import { dialectOf } from '#db/dialect.ts';

export async function up(db: Knex): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db.raw('create unlogged table rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)');
    return;
  }
  await db.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('rate_limits');
}
