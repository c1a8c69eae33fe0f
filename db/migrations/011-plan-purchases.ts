// Payments become plan purchases: which plan they buy, whether they renew one, the price note when the price
// changed while the advertiser paid, the receipt of a transfer (encrypted, DATA_DIR/receipts), MercadoPago's
// ids, and the end date the payment gave its ad. Status gains 'cancelled' (a renewal left unpaid, or withdrawn).
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('payments', (t) => {
    t.string('plan', 16); // premium | vip; null on rows older than this migration
    t.string('kind', 16).notNullable().defaultTo('purchase'); // purchase | renewal
    t.string('price_note', 200);
    t.string('receipt_key', 32);
    t.string('receipt_type', 32); // image/webp | application/pdf
    t.timestamp('receipt_uploaded_at');
    t.string('provider_preference_id', 80);
    // MercadoPago's payment id: unique, so that a notification delivered twice completes the payment once.
    t.string('provider_payment_id', 40).unique();
    // `${adId}:${plan end}` for renewals: the expiry job may run in several processes, or twice, and still
    // create one renewal per plan period.
    t.string('renewal_key', 60).unique();
    // For a renewal, the end of the plan period it continues: unpaid a week after it, it is cancelled.
    t.timestamp('due_at');
    t.timestamp('plan_until');
    t.index(['ad_id', 'status']);
  });
  // One payment waiting per ad: a double submit, or a purchase racing the renewal job, cannot make two.
  await db.raw(`create unique index payments_one_pending_per_ad on payments (ad_id) where status = 'pending'`);
  await db.schema.alterTable('ads', (t) => {
    t.index(['plan_expires_at']);
    t.index(['expires_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('ads', (t) => {
    t.dropIndex(['expires_at']);
    t.dropIndex(['plan_expires_at']);
  });
  await db.raw('drop index payments_one_pending_per_ad');
  await db.schema.alterTable('payments', (t) => {
    t.dropIndex(['ad_id', 'status']);
    t.dropUnique(['renewal_key']);
    t.dropUnique(['provider_payment_id']);
    for (const column of [
      'plan_until',
      'due_at',
      'renewal_key',
      'provider_payment_id',
      'provider_preference_id',
      'receipt_uploaded_at',
      'receipt_type',
      'receipt_key',
      'price_note',
      'kind',
      'plan',
    ]) {
      t.dropColumn(column);
    }
  });
}
