// The advertiser's payments and plan purchases as their account shows them (/mi-cuenta, /mi-cuenta/pagos/{reference},
// /mi-cuenta/comprar-plan) and as /api/advertiser/payments answers: built by core/payments/.
import type { Category, Plan } from '#shared/catalogue.ts';
import type { PaidPlan } from '#shared/plans.ts';

export type PaymentStatus = 'pending' | 'completed' | 'cancelled';

/** The paid plans' prices in force, in pesos. */
export type PlanPrices = Record<PaidPlan, number>;

export interface OwnPayment {
  id: number;
  reference: string;
  plan: PaidPlan | null;
  kind: 'purchase' | 'renewal';
  amount: number;
  description: string;
  method: string;
  status: PaymentStatus;
  priceNote: string | null;
  adId: number | null;
  adTitle: string | null;
  receipt: { type: string; uploadedAt: string } | null;
  /** The end date the payment gave its ad's plan, once completed. */
  planUntil: string | null;
  /** For a renewal: the end of the plan period it continues. */
  dueAt: string | null;
  createdAt: string;
  processedAt: string | null;
}

/** Where a transfer goes: the bank account staff keep active, as the advertiser copies it. */
export interface TransferAccount {
  bankName: string;
  accountHolder: string;
  accountType: 'checking' | 'savings';
  cbu: string;
  alias: string | null;
}

/** One of the advertiser's published ads, with the plan in force: what a plan can be bought for. */
export interface PurchasableAd {
  id: number;
  title: string;
  category: Category;
  plan: Plan;
  planUntil: string | null;
}

/** The purchase page: the ads, the prices shown and their signed quotes, and the ways to pay open now. */
export interface PlanCheckout {
  ads: PurchasableAd[];
  prices: PlanPrices;
  quotes: Record<PaidPlan, string>;
  methods: { transfer: boolean; mercadopago: boolean };
}

/** A payment's page: the payment and, while it waits, where to transfer. */
export interface PaymentPage {
  payment: OwnPayment;
  account: TransferAccount | null;
}

/** What POST /api/advertiser/payments answers: the pending payment, and MercadoPago's checkout when paying there. */
export interface PurchaseAnswer {
  payment: OwnPayment;
  reused: boolean;
  redirectUrl: string | null;
}

/** POST /api/advertiser/payments/:id/mercadopago: where the browser goes to pay. */
export interface CheckoutRedirect {
  redirectUrl: string;
}
