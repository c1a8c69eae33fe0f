// An advertiser's own payments: the list and one payment as /mi-cuenta shows them, withdrawing a payment still
// waiting, and attaching a transfer receipt to it. Every function takes the advertiser's id: another's payment
// is 'missing'.
import type { Knex } from 'knex';
import { Payment } from '#db/models/index.ts';
import type { PaidPlan } from '#shared/plans.ts';

export type PaymentStatus = Payment['status'];

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

function toOwnPayment(p: Payment): OwnPayment {
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

const ownPayments = (db: Knex, advertiserId: number) =>
  Payment.query(db).withGraphJoined('ad(titleOnly)').where('payments.advertiser_id', advertiserId);

export async function listOwnPayments(db: Knex, advertiserId: number): Promise<OwnPayment[]> {
  const payments = await ownPayments(db, advertiserId).orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc').limit(200);
  return payments.map(toOwnPayment);
}

export async function findOwnPayment(db: Knex, advertiserId: number, paymentId: number): Promise<OwnPayment | null> {
  const payment = await ownPayments(db, advertiserId).findOne('payments.id', paymentId);
  return payment ? toOwnPayment(payment) : null;
}

export async function findOwnPaymentByReference(db: Knex, advertiserId: number, reference: string): Promise<OwnPayment | null> {
  const payment = await ownPayments(db, advertiserId).findOne('payments.reference', reference);
  return payment ? toOwnPayment(payment) : null;
}

/** The advertiser withdraws a payment still waiting (say, they chose the wrong plan). */
export async function cancelOwnPayment(
  db: Knex,
  advertiserId: number,
  paymentId: number,
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_pending'> {
  const own = () => Payment.query(db).findById(paymentId).where('advertiser_id', advertiserId);
  const changed = await own()
    .where('status', 'pending')
    .patch({ status: 'cancelled', processedAt: now, notes: 'Cancelado por el anunciante' });
  if (changed) return 'ok';
  return (await own().select('id')) ? 'not_pending' : 'missing';
}

export async function attachReceipt(
  db: Knex,
  advertiserId: number,
  paymentId: number,
  receipt: { key: string; type: string },
  now = new Date(),
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
