// What the plans last and when the expiry job acts (docs/decisions/013-plans-and-payments.md).
import { PLANS, type Plan } from './catalogue.ts';

export const PAID_PLANS = ['premium', 'vip'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const PAYMENT_METHODS = ['transfer', 'mercadopago'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The most photos an ad may have: the larger of its active plan's and the plan chosen in the form. */
export function photoLimit(ad: { plan: Plan; requestedPlan: Plan }): number {
  const of = (plan: Plan) => PLANS.find((p) => p.value === plan)?.images ?? 3;
  return Math.max(of(ad.plan), of(ad.requestedPlan));
}

export const DAY_MS = 86_400_000;
/** A paid plan, and a free listing, last this many days. */
export const PLAN_DAYS = 30;
export const FREE_LISTING_DAYS = 30;
/** A renewal payment is created, and the advertiser told, this many days before a paid plan ends. */
export const RENEWAL_NOTICE_DAYS = 5;
/** A renewal still unpaid this many days after the plan ended is cancelled. */
export const UNPAID_RENEWAL_GRACE_DAYS = 7;

/** How a payment's state and method read to the advertiser (staff see the panel's own labels). */
export const PAYMENT_STATUS_TEXT = { pending: 'Pendiente', completed: 'Confirmado', cancelled: 'Cancelado' } as const;
export const PAYMENT_METHOD_TEXT: Record<string, string> = {
  transfer: 'Transferencia bancaria',
  mercadopago: 'MercadoPago',
  card: 'Tarjeta',
};

export const planLabel = (plan: string): string => PLANS.find((p) => p.value === plan)?.label ?? plan;
export const planWeight = (plan: string): number => (plan === 'vip' ? 2 : plan === 'premium' ? 1 : 0);

/** The plan an ad has in force at `now`: a paid plan past its end counts as gratuito. */
export function planInForce(ad: { plan: string; planExpiresAt: Date | null }, now: Date): Plan {
  if (ad.plan === 'gratuito' || !ad.planExpiresAt) return 'gratuito';
  return ad.planExpiresAt.getTime() > now.getTime() ? (ad.plan as Plan) : 'gratuito';
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
