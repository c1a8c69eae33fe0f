// Buying Premium or VIP for one of one's published ads: the purchase page's data, the refusals of a purchase, and the
// pending payment it creates at the price the advertiser was shown (a signed quote, ./price-quotes.ts), even if staff
// changed it meanwhile, which the payment then says. One pending payment per ad at a time: a second request for the
// same ad and plan (a double click, or a renewal already waiting) answers with the payment already waiting.
import type { Knex } from 'knex';
import { isUniqueViolation } from '#db/dialect.ts';
import { adForPurchase, insertPurchasePayment, pendingPaymentOfAd, publishedOwnAds } from '#db/queries/plan-purchases.ts';
import { newPaymentReference, planPaymentDescription } from './payment-terms.ts';
import { formatMoney } from '#shared/format.ts';
import { planInForce, planWeight, type PaidPlan, type PaymentMethod } from '#shared/plans.ts';
import type { OwnPayment, PlanCheckout, PurchasableAd } from '#shared/contracts/advertiser/payments.ts';
import { findOwnPayment } from './own-payments.ts';
import { planPrices } from '#core/plans/plan-prices.ts';
import { issueQuote } from './price-quotes.ts';
import { transferAccount } from './transfer-account.ts';

/** The advertiser's published ads, with the plan each has in force: what a plan can be bought for. */
export async function purchasableAds(db: Knex, advertiserId: number, now = new Date()): Promise<PurchasableAd[]> {
  return (await publishedOwnAds(db, advertiserId)).map((ad) => {
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

/** The purchase page: the ads, the prices in force, signed, and the ways to pay open now. */
export async function planCheckout(
  db: Knex,
  advertiserId: number,
  options: { mercadoPago: boolean },
  now = new Date(),
): Promise<PlanCheckout> {
  const prices = await planPrices(db);
  return {
    ads: await purchasableAds(db, advertiserId, now),
    prices,
    quotes: { premium: await issueQuote(db, 'premium', prices.premium, now), vip: await issueQuote(db, 'vip', prices.vip, now) },
    methods: { transfer: (await transferAccount(db)) !== null, mercadopago: options.mercadoPago },
  };
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
  const ad = await adForPurchase(db, input.advertiserId, input.adId);
  if (!ad) return { ok: false, reason: 'ad_missing' };
  if (ad.state !== 'published') return { ok: false, reason: 'ad_not_published' };
  const inForce = planInForce(ad, now);
  if (planWeight(inForce) > planWeight(input.plan))
    return { ok: false, reason: 'higher_plan_active', plan: inForce as PaidPlan, until: ad.planExpiresAt!.toISOString() };
  const pending = await pendingPaymentOfAd(db, input.adId);
  if (pending && pending.plan !== input.plan)
    return { ok: false, reason: 'other_pending', reference: pending.reference, plan: pending.plan };
  if (pending) return { ok: true, payment: (await findOwnPayment(db, input.advertiserId, pending.id))!, reused: true };
  return null;
}

/** A pending payment for a plan for one of the advertiser's published ads, or the one already waiting. */
export async function createPlanPurchase(db: Knex, input: PurchaseInput, now = new Date()): Promise<PurchaseResult> {
  const refused = await checkPurchase(db, input, now);
  if (refused) return refused;
  const ad = (await adForPurchase(db, input.advertiserId, input.adId))!;
  try {
    const id = await insertPurchasePayment(
      db,
      {
        ...input,
        description: planPaymentDescription(input.plan, ad.title, 'purchase'),
        providerPreferenceId: input.providerPreferenceId ?? null,
        reference: input.reference ?? newPaymentReference(),
      },
      now,
    );
    return { ok: true, payment: (await findOwnPayment(db, input.advertiserId, id))!, reused: false };
  } catch (err) {
    // Another request for this ad won the race (payments_one_pending_per_ad): answer with what it made.
    if (!isUniqueViolation(err)) throw err;
    const again = await checkPurchase(db, input, now);
    if (again) return again;
    throw err;
  }
}

/** What the advertiser is told when the price they were shown is not the one in force any more. */
export function priceNote(shown: number, current: number): string | null {
  return shown === current ? null : `Precio mostrado al comprar: ${formatMoney(shown)} (el precio vigente es ${formatMoney(current)}).`;
}
