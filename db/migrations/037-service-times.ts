// Service times (docs/decisions/065-service-times.md): the median and 95th percentile of the wait for identity
// verification, ad review, photo verification and report decisions over the last 7 days, computed every hour by a
// scheduled job from the records already kept (their submitted and decided timestamps) and stored here, one row per
// kind, so that every process shows the same figures. Nothing personal: counts and durations only.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('service_times', (t) => {
    t.string('kind', 32).primary(); // identity_verification | ad_review | photo_verification | report
    t.integer('decisions').notNullable();
    // Milliseconds; null when no decision fell in the window. A wait may last longer than 24 days: bigint.
    t.bigInteger('median_ms');
    t.bigInteger('p95_ms');
    // The window: decisions made at or after window_start and before computed_at (the start of an hour).
    t.timestamp('window_start').notNullable();
    t.timestamp('computed_at').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('service_times');
}
