// Plan purchases in the database: the advertiser's published ads (what a plan can be bought for), the payment that
// waits on an ad (one pending payment per ad at a time, payments_one_pending_per_ad) and a new one. The rules of a
// purchase are core/payments/purchase.ts; completing a payment is core/payments/complete-payment.ts.
import type { Knex } from 'knex';
import { Ad, Payment } from '#db/models/index.ts';
import type { PaidPlan, PaymentMethod } from '#shared/plans.ts';

/** The advertiser's published ads with their plan columns, by id. */
export async function publishedOwnAds(
  db: Knex,
  advertiserId: number,
): Promise<Pick<Ad, 'id' | 'title' | 'category' | 'plan' | 'planExpiresAt'>[]> {
  return await Ad.query(db)
    .where({ advertiser_id: advertiserId, state: 'published' })
    .orderBy('id')
    .select('id', 'title', 'category', 'plan', 'plan_expires_at');
}

/** One of the advertiser's ads, as a purchase checks it: its state and plan. */
export async function adForPurchase(
  db: Knex,
  advertiserId: number,
  adId: number,
): Promise<Pick<Ad, 'title' | 'state' | 'plan' | 'planExpiresAt'> | null> {
  return (
    (await Ad.query(db).findById(adId).where('advertiser_id', advertiserId).select('title', 'state', 'plan', 'plan_expires_at')) ?? null
  );
}

/** The payment waiting on an ad, if any. */
export async function pendingPaymentOfAd(db: Knex, adId: number): Promise<Pick<Payment, 'id' | 'plan' | 'reference'> | null> {
  return (await Payment.query(db).findOne({ ad_id: adId, status: 'pending' }).select('id', 'plan', 'reference')) ?? null;
}

/**
 * A pending purchase of a plan for an ad. A second one for the same ad fails on payments_one_pending_per_ad (a unique
 * violation): the caller answers with the payment that won.
 */
export async function insertPurchasePayment(
  db: Knex,
  input: {
    advertiserId: number;
    adId: number;
    plan: PaidPlan;
    method: PaymentMethod;
    amount: number;
    description: string;
    priceNote: string | null;
    providerPreferenceId: string | null;
    reference: string;
  },
  now: Date,
): Promise<number> {
  const payment = await Payment.query(db).insert({
    advertiserId: input.advertiserId,
    adId: input.adId,
    plan: input.plan,
    kind: 'purchase',
    amount: input.amount,
    description: input.description,
    paymentMethod: input.method,
    status: 'pending',
    priceNote: input.priceNote,
    providerPreferenceId: input.providerPreferenceId,
    reference: input.reference,
    createdAt: now,
  });
  return payment.id;
}
