// Indexes for the panel's statistics (docs/benchmarks.md, admin-statistics): revenue sums completed payments by
// the day they were processed, and "active subscribers" counts advertisers with a published ad.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('payments', (t) => {
    t.index(['status', 'processed_at']);
  });
  await db.schema.alterTable('ads', (t) => {
    t.index(['state', 'advertiser_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.dropIndex(['state', 'advertiser_id']);
  });
  await db.schema.alterTable('payments', (t) => {
    t.dropIndex(['status', 'processed_at']);
  });
}
