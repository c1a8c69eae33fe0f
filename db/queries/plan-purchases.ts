// Plan purchases: what an advertiser can buy a plan for, and the pending payment a purchase creates (one pending
// payment per ad at a time). Completing it is db/queries/plan-payments.ts.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '#db/dialect.ts';
import { Ad, Payment } from '#db/models/index.ts';
import { PLAN_DAYS, planInForce, planLabel, planWeight, type PaidPlan, type PaymentMethod } from '#shared/plans.ts';
import { findOwnPayment, type OwnPayment } from './own-payments.ts';

/** The advertiser's published ads, with the plan each has in force: what a plan can be bought for. */
export async function purchasableAds(db: Knex, advertiserId: number, now = new Date()) {
  const ads = await Ad.query(db)
    .where({ advertiser_id: advertiserId, state: 'published' })
    .orderBy('id')
    .select('id', 'title', 'category', 'plan', 'plan_expires_at');
  return ads.map((ad) => {
    const plan = planInForce(ad, now);
    return {
      id: ad.id,
      title: ad.title,
      category: ad.category,
      plan,
      planUntil: plan === 'gratuito' ? null : ad.planExpiresAt!.toISOString(),
    };
  });
}

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A transfer reference the advertiser types in their bank's "concepto": VEL- and 8 unambiguous characters. */
export function newPaymentReference(): string {
  return `VEL-${[...crypto.randomBytes(8)].map((b) => REFERENCE_ALPHABET[b % 32]).join('')}`;
}

export function planPaymentDescription(plan: PaidPlan, adTitle: string, kind: 'purchase' | 'renewal'): string {
  const what = `${kind === 'renewal' ? 'Renovación del plan' : 'Plan'} ${planLabel(plan)} (${PLAN_DAYS} días)`;
  return `${what} para «${adTitle}»`.slice(0, 200);
}

export interface PurchaseInput {
  advertiserId: number;
  adId: number;
  plan: PaidPlan;
  method: PaymentMethod;
  /** The price the advertiser was shown (a verified quote); it is what they pay. */
  amount: number;
  /** Set when that price differs from the current one. */
  priceNote: string | null;
  providerPreferenceId?: string | null;
  reference?: string;
}

export type PurchaseResult =
  | { ok: true; payment: OwnPayment; reused: boolean }
  | { ok: false; reason: 'ad_missing' | 'ad_not_published' }
  | { ok: false; reason: 'higher_plan_active'; plan: PaidPlan; until: string }
  | { ok: false; reason: 'other_pending'; reference: string; plan: string | null };

/** The refusals of createPlanPurchase that do not depend on the payment itself, for checking before MercadoPago. */
export async function checkPurchase(
  db: Knex,
  input: Pick<PurchaseInput, 'advertiserId' | 'adId' | 'plan'>,
  now = new Date(),
): Promise<PurchaseResult | null> {
  const ad = await Ad.query(db).findById(input.adId).where('advertiser_id', input.advertiserId).select('state', 'plan', 'plan_expires_at');
  if (!ad) return { ok: false, reason: 'ad_missing' };
  if (ad.state !== 'published') return { ok: false, reason: 'ad_not_published' };
  const inForce = planInForce(ad, now);
  if (planWeight(inForce) > planWeight(input.plan))
    return { ok: false, reason: 'higher_plan_active', plan: inForce as PaidPlan, until: ad.planExpiresAt!.toISOString() };
  const pending = await Payment.query(db).findOne({ ad_id: input.adId, status: 'pending' }).select('id', 'plan', 'reference');
  if (pending && pending.plan !== input.plan)
    return { ok: false, reason: 'other_pending', reference: pending.reference, plan: pending.plan };
  if (pending) return { ok: true, payment: (await findOwnPayment(db, input.advertiserId, pending.id))!, reused: true };
  return null;
}

/**
 * A pending payment for a plan for one of the advertiser's published ads. A second request for the same ad and
 * plan (a double click, or a renewal already waiting) answers with the payment that is already pending.
 */
export async function createPlanPurchase(db: Knex, input: PurchaseInput, now = new Date()): Promise<PurchaseResult> {
  const refused = await checkPurchase(db, input, now);
  if (refused) return refused;
  const ad = await Ad.query(db).findById(input.adId).select('title').throwIfNotFound();
  try {
    const payment = await Payment.query(db).insert({
      advertiserId: input.advertiserId,
      adId: input.adId,
      plan: input.plan,
      kind: 'purchase',
      amount: input.amount,
      description: planPaymentDescription(input.plan, ad.title, 'purchase'),
      paymentMethod: input.method,
      status: 'pending',
      priceNote: input.priceNote,
      providerPreferenceId: input.providerPreferenceId ?? null,
      reference: input.reference ?? newPaymentReference(),
      createdAt: now,
    });
    return { ok: true, payment: (await findOwnPayment(db, input.advertiserId, payment.id))!, reused: false };
  } catch (err) {
    // Another request for this ad won the race (payments_one_pending_per_ad): answer with what it made.
    if (!isUniqueViolation(err)) throw err;
    const again = await checkPurchase(db, input, now);
    if (again) return again;
    throw err;
  }
}
