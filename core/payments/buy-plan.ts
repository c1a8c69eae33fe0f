// The advertiser buys a plan from the purchase page: the signed quote is checked, the way to pay must be open, and the
// payment waits at the quoted price. Paying through MercadoPago, their checkout is made first (after the purchase's
// own refusals are checked), so that if MercadoPago does not answer no payment is left waiting.
import type { Knex } from 'knex';
import { adTitle } from '#db/queries/plan-payments.ts';
import { newPaymentReference, planPaymentDescription } from './payment-terms.ts';
import type { PaidPlan, PaymentMethod } from '#shared/plans.ts';
import type { PurchaseAnswer } from '#shared/contracts/advertiser/payments.ts';
import { planPrices } from '#core/plans/plan-prices.ts';
import { readQuote } from './price-quotes.ts';
import { checkPurchase, createPlanPurchase, priceNote, type PurchaseResult } from './purchase.ts';
import { transferAccount } from './transfer-account.ts';

/** MercadoPago's checkout for a payment about to be made (it throws when MercadoPago does not answer). */
export type Checkout = (payment: { reference: string; description: string; amount: number }) => Promise<{ id: string; initPoint: string }>;

export type BuyPlanResult =
  | ({ ok: true } & PurchaseAnswer)
  | Exclude<PurchaseResult, { ok: true }>
  | { ok: false; reason: 'quote_expired' | 'invalid_quote' | 'mercadopago_off' | 'no_bank_account' };

export async function buyPlan(
  deps: { db: Knex; checkout: Checkout | null; now?: Date },
  input: { advertiserId: number; adId: number; plan: PaidPlan; method: PaymentMethod; quote: string },
): Promise<BuyPlanResult> {
  const { db, checkout, now = new Date() } = deps;
  const quote = await readQuote(db, input.quote, now);
  if (quote === 'expired') return { ok: false, reason: 'quote_expired' };
  if (quote === 'invalid' || quote.plan !== input.plan) return { ok: false, reason: 'invalid_quote' };
  if (input.method === 'mercadopago' && !checkout) return { ok: false, reason: 'mercadopago_off' };
  if (input.method === 'transfer' && !(await transferAccount(db))) return { ok: false, reason: 'no_bank_account' };
  const current = (await planPrices(db))[input.plan];
  const { advertiserId, adId, plan, method } = input;
  const purchase = { advertiserId, adId, plan, method, amount: quote.amount, priceNote: priceNote(quote.amount, current) };

  let redirectUrl: string | null = null;
  let result: PurchaseResult;
  if (input.method === 'mercadopago' && checkout) {
    const refused = await checkPurchase(db, purchase, now);
    if (refused) result = refused;
    else {
      const reference = newPaymentReference();
      const title = (await adTitle(db, input.adId)) ?? '';
      const preference = await checkout({
        reference,
        description: planPaymentDescription(input.plan, title, 'purchase'),
        amount: quote.amount,
      });
      redirectUrl = preference.initPoint;
      result = await createPlanPurchase(db, { ...purchase, providerPreferenceId: preference.id, reference }, now);
    }
  } else {
    result = await createPlanPurchase(db, purchase, now);
  }
  if (!result.ok) return result;
  // A parallel request saved its payment first: the checkout made here has no payment; the page offers its own.
  return { ok: true, payment: result.payment, reused: result.reused, redirectUrl: result.reused ? null : redirectUrl };
}

/** What the purchase answers (the result without its `ok`). */
export const presentPurchase = ({ payment, reused, redirectUrl }: PurchaseAnswer): PurchaseAnswer => ({ payment, reused, redirectUrl });
