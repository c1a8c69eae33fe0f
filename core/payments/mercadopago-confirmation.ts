// Completing a payment from MercadoPago's side (their notification, or the buyer's return from their checkout): the
// payment is read from MercadoPago's API, never trusting what a notification or a return address says, and it
// completes one of ours only when approved, in pesos, for its full amount.
import type { Knex } from 'knex';
import { paymentByReference } from '#db/queries/plan-payments.ts';
import type { NotificationReceived } from '#shared/contracts/public/mercadopago.ts';
import { completePayment, type CompletedPayment } from './complete-payment.ts';

/** A payment as MercadoPago's API reports it (api/routes/payments/mercadopago.ts reads it). */
export interface RemotePayment {
  id: string;
  status: string;
  externalReference: string | null;
  amount: number;
  currency: string;
}

export interface MercadoPagoPayments {
  getPayment(id: string): Promise<RemotePayment>;
}

export type MercadoPagoOutcome =
  | { result: 'completed'; payment: CompletedPayment }
  | { result: 'already_completed' | 'not_approved' | 'unknown_reference' | 'amount_mismatch' | 'not_pending' | 'duplicate' };

/**
 * Idempotent: the same MercadoPago payment completes ours once (the pending status and provider_payment_id are both
 * checked).
 */
export async function confirmFromMercadoPago(
  db: Knex,
  client: MercadoPagoPayments,
  providerPaymentId: string,
  now = new Date(),
): Promise<MercadoPagoOutcome> {
  const remote = await client.getPayment(providerPaymentId);
  if (remote.status !== 'approved') return { result: 'not_approved' };
  const ours = remote.externalReference ? await paymentByReference(db, remote.externalReference) : null;
  if (!ours) return { result: 'unknown_reference' };
  // Paid twice (two checkouts of one payment), or paid after it was cancelled: money staff must refund.
  if (ours.status === 'completed' && ours.providerPaymentId && ours.providerPaymentId !== remote.id) return { result: 'duplicate' };
  if (ours.status === 'completed') return { result: 'already_completed' };
  if (ours.status !== 'pending') return { result: 'not_pending' };
  if (remote.currency !== 'ARS' || Math.round(remote.amount) !== ours.amount) return { result: 'amount_mismatch' };
  const done = await completePayment(
    db,
    { id: ours.id, bankAccountId: null, adminId: null, notes: `MercadoPago, pago ${remote.id}`, providerPaymentId: remote.id },
    now,
  );
  if (done.ok) return { result: 'completed', payment: done.payment };
  return { result: done.reason === 'already_processed' ? 'already_completed' : 'not_pending' };
}

/** The answer to a notification: `outcome` when it was about a payment. */
export const notificationReceived = (outcome?: MercadoPagoOutcome): NotificationReceived =>
  outcome ? { received: true, result: outcome.result } : { received: true };
