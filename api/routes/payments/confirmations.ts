// What follows a completed payment, wherever it was completed (staff in Pagos, MercadoPago's notification or the
// buyer's return from MercadoPago): the advertiser's confirmation mail. And the MercadoPago side of completing.
import type { Knex } from 'knex';
import type { Mailer } from '#api/services/mail.ts';
import { completePayment, paymentByReference, type CompletedPayment } from '#db/queries/plan-payments.ts';
import type { MercadoPagoClient } from './mercadopago.ts';
import { paymentConfirmedMail } from './mails.ts';

/** The advertiser's page of one payment: by its reference, which MercadoPago's return and the mails know. */
export const paymentPagePath = (reference: string) => `/mi-cuenta/pagos/${reference}`;

/** Mails the advertiser; a mail that fails is logged (without the address), the payment stays completed. */
export async function mailPaymentConfirmed(mailer: Mailer, payment: CompletedPayment, siteOrigin: string): Promise<void> {
  try {
    await mailer.send(
      paymentConfirmedMail(payment.advertiser.email, {
        fullName: payment.advertiser.fullName,
        reference: payment.reference,
        amount: payment.amount,
        plan: payment.plan,
        planUntil: payment.planUntil,
        adTitle: payment.adTitle,
        link: `${siteOrigin}${paymentPagePath(payment.reference)}`,
      }),
    );
  } catch (err) {
    console.error(`Payment ${payment.reference}: the confirmation mail failed:`, (err as Error).message);
  }
}

export type MercadoPagoOutcome =
  | { result: 'completed'; payment: CompletedPayment }
  | { result: 'already_completed' | 'not_approved' | 'unknown_reference' | 'amount_mismatch' | 'not_pending' | 'duplicate' };

/**
 * Reads a payment from MercadoPago's API (never trusting what a notification or a return URL says) and, when it
 * is approved for the full amount of one of our pending payments, completes that payment. Idempotent: the same
 * MercadoPago payment completes ours once (the pending status and provider_payment_id are both checked).
 */
export async function confirmFromMercadoPago(
  db: Knex,
  client: MercadoPagoClient,
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
