// How a payment is named: the reference the advertiser types in their bank's "concepto", and the description on
// the payment, for a purchase and for a renewal.
import crypto from 'node:crypto';
import { PLAN_DAYS, planLabel, type PaidPlan } from '#shared/plans.ts';

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A transfer reference the advertiser types in their bank's "concepto": VEL- and 8 unambiguous characters. */
export function newPaymentReference(): string {
  return `VEL-${[...crypto.randomBytes(8)].map((b) => REFERENCE_ALPHABET[b % 32]).join('')}`;
}

export function planPaymentDescription(plan: PaidPlan, adTitle: string, kind: 'purchase' | 'renewal'): string {
  const what = `${kind === 'renewal' ? 'Renovación del plan' : 'Plan'} ${planLabel(plan)} (${PLAN_DAYS} días)`;
  return `${what} para «${adTitle}»`.slice(0, 200);
}
