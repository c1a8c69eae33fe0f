// What a completed payment does to its ad (payment → plan): the plan starts for PLAN_DAYS from now, or from its current
// end when the same plan is still running (a renewal paid early loses no day); the listing lasts the free plan's days
// beyond the paid plan; an ad that had expired is published again if its advertiser is verified. One transaction; a
// payment completes once. Staff processing (./process-payment.ts) and MercadoPago's confirmation both come here.
import type { Knex } from 'knex';
import { applyPaidPlan, markPaymentCompleted, paymentStatus, paymentToApply } from '#db/queries/plan-payments.ts';
import { addDays, FREE_LISTING_DAYS, PLAN_DAYS, planInForce, type PaidPlan } from '#shared/plans.ts';

/** A completed payment, as its confirmation mail tells it. */
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

/** The plan's and the listing's new ends, from the ad as it stands at `now`. */
export function paidPlanEnds(ad: { plan: string; planExpiresAt: Date | null; expiresAt: Date | null }, plan: PaidPlan, now: Date) {
  const running = planInForce(ad, now) === plan;
  const planUntil = addDays(running ? ad.planExpiresAt! : now, PLAN_DAYS);
  // After the plan the ad stays up as a free listing for the free plan's days.
  const freeAfter = addDays(planUntil, FREE_LISTING_DAYS);
  return { planUntil, listingEnd: ad.expiresAt && ad.expiresAt > freeAfter ? ad.expiresAt : freeAfter };
}

export async function completePayment(
  db: Knex,
  input: { id: number; bankAccountId: number | null; adminId: number | null; notes: string | null; providerPaymentId?: string | null },
  now = new Date(),
): Promise<CompleteResult> {
  return db.transaction(async (trx): Promise<CompleteResult> => {
    if (!(await markPaymentCompleted(trx, { ...input, providerPaymentId: input.providerPaymentId ?? null }, now))) {
      const status = await paymentStatus(trx, input.id);
      if (!status) return { ok: false, reason: 'missing' };
      return { ok: false, reason: status === 'completed' ? 'already_processed' : 'not_pending' };
    }
    const { payment, ad } = await paymentToApply(trx, input.id);
    let planUntil: Date | null = null;
    if (ad && payment.plan) {
      const ends = paidPlanEnds(ad, payment.plan, now);
      planUntil = ends.planUntil;
      const republish = ad.state === 'expired' && payment.advertiser!.verificationStatus === 'verified';
      await applyPaidPlan(trx, { paymentId: payment.id, adId: ad.id, plan: payment.plan, ...ends, republish }, now);
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
