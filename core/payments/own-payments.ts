// An advertiser's own payments as their account shows them: the list, one payment (by id, or by the reference the
// mails and MercadoPago's return name) with where to transfer while it waits, withdrawing a payment still waiting,
// and attaching a transfer receipt to it. Another advertiser's payment is not found, like a missing one.
import type { Knex } from 'knex';
import type { Payment } from '#db/models/index.ts';
import { attachReceipt, cancelPendingPayment, ownPaymentRow, ownPaymentRows } from '#db/queries/own-payments.ts';
import { paymentReceipt } from '#db/queries/admin/payments.ts';
import { markMercadoPagoCheckout } from '#db/queries/plan-payments.ts';
import type { CheckoutRedirect, OwnPayment, PaymentPage } from '#shared/contracts/advertiser/payments.ts';
import { transferAccount } from './transfer-account.ts';
import { refuse } from '#core/refusals.ts';

/** The shape of the references we issue (db/queries/plan-purchases.ts): anything else is not looked up. */
const REFERENCE = /^VEL-[0-9A-Z-]{4,20}$/;

export function presentOwnPayment(p: Payment): OwnPayment {
  return {
    id: p.id,
    reference: p.reference,
    plan: p.plan ?? null,
    kind: p.kind,
    amount: Number(p.amount),
    description: p.description || 'Pago de suscripción',
    method: p.paymentMethod,
    status: p.status,
    priceNote: p.priceNote ?? null,
    adId: p.adId ?? null,
    adTitle: p.ad?.title ?? null,
    receipt: p.receiptKey && p.receiptUploadedAt ? { type: p.receiptType!, uploadedAt: p.receiptUploadedAt.toISOString() } : null,
    planUntil: p.planUntil?.toISOString() ?? null,
    dueAt: p.dueAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    processedAt: p.processedAt?.toISOString() ?? null,
  };
}

export async function listOwnPayments(db: Knex, advertiserId: number): Promise<OwnPayment[]> {
  return (await ownPaymentRows(db, advertiserId)).map(presentOwnPayment);
}

export async function findOwnPayment(db: Knex, advertiserId: number, paymentId: number): Promise<OwnPayment | null> {
  const payment = await ownPaymentRow(db, advertiserId, { id: paymentId });
  return payment ? presentOwnPayment(payment) : null;
}

export async function findOwnPaymentByReference(db: Knex, advertiserId: number, reference: string): Promise<OwnPayment | null> {
  if (!REFERENCE.test(reference)) return null;
  const payment = await ownPaymentRow(db, advertiserId, { reference });
  return payment ? presentOwnPayment(payment) : null;
}

/** A payment's page (/mi-cuenta/pagos/{reference}): the payment and, while it waits, the account to transfer to. */
export async function ownPaymentPage(db: Knex, advertiserId: number, reference: string): Promise<PaymentPage | null> {
  const payment = await findOwnPaymentByReference(db, advertiserId, reference);
  if (!payment) return null;
  return { payment, account: payment.status === 'pending' ? await transferAccount(db) : null };
}

/** The advertiser withdraws a payment still waiting (say, they chose the wrong plan). */
export async function cancelOwnPayment(db: Knex, advertiserId: number, paymentId: number, now = new Date()): Promise<void> {
  const result = await cancelPendingPayment(db, advertiserId, paymentId, now);
  if (result === 'missing') throw refuse('own_payment_missing');
  if (result === 'not_pending') throw refuse('own_payment_not_pending');
}

/**
 * Attaches a stored transfer receipt to a payment still waiting; the caller deletes the receipt it replaces
 * (`replacedKey`), or the one just stored when it was refused.
 */
export function attachOwnReceipt(
  db: Knex,
  advertiserId: number,
  paymentId: number,
  receipt: { key: string; type: string },
  now = new Date(),
) {
  return attachReceipt(db, advertiserId, paymentId, receipt, now);
}

/** A payment still waiting is now being paid through this MercadoPago checkout (its confirmation names it). */
export const checkoutRedirect = (redirectUrl: string): CheckoutRedirect => ({ redirectUrl });

export function recordOwnCheckout(db: Knex, paymentId: number, preferenceId: string): Promise<void> {
  return markMercadoPagoCheckout(db, paymentId, preferenceId);
}

/** Where the receipt attached to the advertiser's payment is kept; null when it has none or is not theirs. */
export function ownPaymentReceipt(db: Knex, advertiserId: number, paymentId: number) {
  return paymentReceipt(db, paymentId, advertiserId);
}
