// Completing a payment and what it does to its ad: the plan starts, or continues for 30 more days. Staff processing
// (admin/payments.ts) and MercadoPago's confirmation both complete payments through completePayment; purchases are
// created in plan-purchases.ts.
import type { Knex } from 'knex';
import { forUpdate } from '#db/dialect.ts';
import { Ad, Payment } from '#db/models/index.ts';
import { addDays, FREE_LISTING_DAYS, PLAN_DAYS, planInForce, type PaidPlan } from '#shared/plans.ts';

export interface CompletedPayment {
  id: number;
  reference: string;
  amount: number;
  plan: PaidPlan | null;
  planUntil: Date | null;
  adTitle: string | null;
  advertiser: { email: string; fullName: string };
}

export type CompleteResult =
  { ok: true; payment: CompletedPayment } | { ok: false; reason: 'missing' | 'already_processed' | 'not_pending' };

/**
 * pending -> completed, then the plan starts for the ad: 30 days from now, or from the current end when the same
 * plan is still running (a renewal paid early loses no day). The listing lasts the free plan's 30 days beyond
 * the paid plan, and an ad that had expired is published again. One transaction; a payment completes once.
 */
export async function completePayment(
  db: Knex,
  input: { id: number; bankAccountId: number | null; adminId: number | null; notes: string | null; providerPaymentId?: string | null },
  now = new Date(),
): Promise<CompleteResult> {
  return db.transaction(async (trx): Promise<CompleteResult> => {
    // The write comes first: it is what makes a second processing find nothing to do.
    const changed = await Payment.query(trx)
      .findById(input.id)
      .where('status', 'pending')
      .patch({
        status: 'completed',
        bankAccountId: input.bankAccountId,
        notes: input.notes,
        processedBy: input.adminId,
        processedAt: now,
        providerPaymentId: input.providerPaymentId ?? null,
      });
    if (!changed) {
      const payment = await Payment.query(trx).findById(input.id).select('status');
      if (!payment) return { ok: false, reason: 'missing' };
      return { ok: false, reason: payment.status === 'completed' ? 'already_processed' : 'not_pending' };
    }
    const payment = await Payment.query(trx).findById(input.id).withGraphJoined('advertiser').throwIfNotFound();
    const ad = payment.adId
      ? // Locked: a hold released meanwhile must not move the plan end this payment computes from.
        await forUpdate(trx, Ad.query(trx).findById(payment.adId))
      : undefined;
    let planUntil: Date | null = null;
    if (ad && payment.plan) {
      const running = planInForce(ad, now) === payment.plan;
      planUntil = addDays(running ? ad.planExpiresAt! : now, PLAN_DAYS);
      // After the plan the ad stays up as a free listing for the free plan's days.
      const freeAfter = addDays(planUntil, FREE_LISTING_DAYS);
      const listingEnd = ad.expiresAt && ad.expiresAt > freeAfter ? ad.expiresAt : freeAfter;
      const republish = ad.state === 'expired' && payment.advertiser!.verificationStatus === 'verified';
      await ad.$query(trx).patch({
        plan: payment.plan,
        planExpiresAt: planUntil,
        expiresAt: listingEnd,
        ...(republish ? { state: 'published' as const } : {}),
        updatedAt: now,
      });
      await payment.$query(trx).patch({ planUntil });
    }
    return {
      ok: true,
      payment: {
        id: payment.id,
        reference: payment.reference,
        amount: Number(payment.amount),
        plan: payment.plan ?? null,
        planUntil,
        adTitle: ad?.title ?? null,
        advertiser: { email: payment.advertiser!.email, fullName: payment.advertiser!.fullName },
      },
    };
  });
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
