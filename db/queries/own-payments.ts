// An advertiser's own payments in the database: the list and one payment (with its ad's title), withdrawing a payment
// still waiting, and attaching a transfer receipt to it. Every function takes the advertiser's id: another's payment
// is not found. core/payments/own-payments.ts presents them.
import type { Knex } from 'knex';
import { Payment } from '#db/models/index.ts';

const ownPayments = (db: Knex, advertiserId: number) =>
  Payment.query(db).withGraphJoined('ad(titleOnly)').where('payments.advertiser_id', advertiserId);

/** The advertiser's latest payments, newest first (at most 200). */
export async function ownPaymentRows(db: Knex, advertiserId: number): Promise<Payment[]> {
  return await ownPayments(db, advertiserId).orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc').limit(200);
}

/** One of the advertiser's payments, by id or by its reference. */
export async function ownPaymentRow(
  db: Knex,
  advertiserId: number,
  which: { id: number } | { reference: string },
): Promise<Payment | null> {
  const found = await ('id' in which
    ? ownPayments(db, advertiserId).findOne('payments.id', which.id)
    : ownPayments(db, advertiserId).findOne('payments.reference', which.reference));
  return found ?? null;
}

/** Cancels the advertiser's payment if it is still waiting. */
export async function cancelPendingPayment(
  db: Knex,
  advertiserId: number,
  paymentId: number,
  now: Date,
): Promise<'ok' | 'missing' | 'not_pending'> {
  const own = () => Payment.query(db).findById(paymentId).where('advertiser_id', advertiserId);
  const changed = await own()
    .where('status', 'pending')
    .patch({ status: 'cancelled', processedAt: now, notes: 'Cancelado por el anunciante' });
  if (changed) return 'ok';
  return (await own().select('id')) ? 'not_pending' : 'missing';
}

/** Attaches a stored receipt to the advertiser's payment while it waits; returns the key of the one it replaces. */
export async function attachReceipt(
  db: Knex,
  advertiserId: number,
  paymentId: number,
  receipt: { key: string; type: string },
  now: Date,
): Promise<{ ok: true; replacedKey: string | null } | { ok: false; reason: 'missing' | 'not_pending' }> {
  const own = () => Payment.query(db).findById(paymentId).where('advertiser_id', advertiserId);
  const payment = await own().select('status', 'receipt_key');
  if (!payment) return { ok: false, reason: 'missing' };
  const changed = await own()
    .where('status', 'pending')
    .patch({ receiptKey: receipt.key, receiptType: receipt.type, receiptUploadedAt: now });
  if (!changed) return { ok: false, reason: 'not_pending' };
  return { ok: true, replacedKey: payment.receiptKey ?? null };
}
