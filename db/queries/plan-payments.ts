// Completing a payment in the database, and what it writes to its ad: the plan's new end, the listing's, the ad
// published again. The rule (how long, from when) is core/payments/complete-payment.ts, which runs these in one
// transaction; staff processing and MercadoPago's confirmation both complete payments through it.
import type { Knex } from 'knex';
import { forUpdate } from '#db/dialect.ts';
import { Ad, Payment } from '#db/models/index.ts';
import type { PaidPlan } from '#shared/plans.ts';

/**
 * pending -> completed, if the payment is still pending: the first write of the transaction, so that a second
 * processing finds nothing to do. False when it was not pending (or does not exist).
 */
export async function markPaymentCompleted(
  trx: Knex,
  input: { id: number; bankAccountId: number | null; adminId: number | null; notes: string | null; providerPaymentId: string | null },
  now: Date,
): Promise<boolean> {
  const changed = await Payment.query(trx).findById(input.id).where('status', 'pending').patch({
    status: 'completed',
    bankAccountId: input.bankAccountId,
    notes: input.notes,
    processedBy: input.adminId,
    processedAt: now,
    providerPaymentId: input.providerPaymentId,
  });
  return changed > 0;
}

export async function paymentStatus(db: Knex, id: number): Promise<Payment['status'] | null> {
  return (await Payment.query(db).findById(id).select('status'))?.status ?? null;
}

/** A payment with its advertiser (who is mailed) and its ad, the ad's row locked until the transaction ends. */
export async function paymentToApply(trx: Knex, id: number): Promise<{ payment: Payment; ad: Ad | null }> {
  const payment = await Payment.query(trx).findById(id).withGraphJoined('advertiser').throwIfNotFound();
  // Locked: a hold released meanwhile must not move the plan end this payment computes from.
  const ad = payment.adId ? await forUpdate(trx, Ad.query(trx).findById(payment.adId)) : undefined;
  return { payment, ad: ad ?? null };
}

/** Writes a paid plan to its ad and its payment (the ad's search rank follows by trigger, decision 050). */
export async function applyPaidPlan(
  trx: Knex,
  input: { paymentId: number; adId: number; plan: PaidPlan; planUntil: Date; listingEnd: Date; republish: boolean },
  now: Date,
): Promise<void> {
  await Ad.query(trx)
    .findById(input.adId)
    .patch({
      plan: input.plan,
      planExpiresAt: input.planUntil,
      expiresAt: input.listingEnd,
      ...(input.republish ? { state: 'published' as const } : {}),
      updatedAt: now,
    });
  await Payment.query(trx).findById(input.paymentId).patch({ planUntil: input.planUntil });
}

export async function adTitle(db: Knex, adId: number): Promise<string | null> {
  return (await Ad.query(db).findById(adId).select('title'))?.title ?? null;
}

/** A pending payment sent to MercadoPago's checkout: the preference that will pay it. */
export async function markMercadoPagoCheckout(db: Knex, paymentId: number, preferenceId: string): Promise<void> {
  await Payment.query(db)
    .findById(paymentId)
    .where('status', 'pending')
    .patch({ paymentMethod: 'mercadopago', providerPreferenceId: preferenceId });
}

/** A payment by its reference, as a MercadoPago notification names it. */
export async function paymentByReference(db: Knex, reference: string) {
  const payment = await Payment.query(db).findOne({ reference }).select('id', 'amount', 'status', 'provider_payment_id');
  return payment
    ? { id: payment.id, amount: Number(payment.amount), status: payment.status, providerPaymentId: payment.providerPaymentId ?? null }
    : null;
}
