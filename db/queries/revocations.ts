// "Botón de arrepentimiento" requests (decision 068): the payment a visitor names by its reference, the request
// recorded with what it undoes (in one transaction), and the list staff refund from.
import type { Knex } from 'knex';
import { forUpdate, isUniqueViolation } from '#db/dialect.ts';

export interface RevocablePayment {
  id: number;
  advertiserId: number;
  email: string;
  fullName: string;
  status: 'pending' | 'completed' | 'cancelled';
  amount: number;
  description: string;
  reference: string;
  plan: string | null;
  adId: number | null;
  processedAt: Date | null;
  createdAt: Date;
  /** The code of the request already made for this payment. */
  revocationCode: string | null;
}

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | number));

/** The payment with this reference and its account's address, or null. */
export async function paymentByReference(db: Knex, reference: string): Promise<RevocablePayment | null> {
  const row = await db('payments as p')
    .join('advertisers as a', 'a.id', 'p.advertiser_id')
    .leftJoin('revocation_requests as r', 'r.payment_id', 'p.id')
    .where('p.reference', reference)
    .first(
      'p.id',
      'p.advertiser_id',
      'a.email',
      'a.full_name',
      'p.status',
      'p.amount',
      'p.description',
      'p.reference',
      'p.plan',
      'p.ad_id',
      'p.processed_at',
      'p.created_at',
      'r.code',
    );
  if (!row) return null;
  return {
    id: row.id,
    advertiserId: row.advertiser_id,
    email: row.email,
    fullName: row.full_name,
    status: row.status,
    amount: Number(row.amount),
    description: row.description ?? '',
    reference: row.reference,
    plan: row.plan,
    adId: row.ad_id,
    processedAt: date(row.processed_at),
    createdAt: date(row.created_at)!,
    revocationCode: row.code ?? null,
  };
}

export interface NewRevocation {
  code: string;
  payment: RevocablePayment;
  /** The plan's end once this payment's days are taken off it (null: the plan ends now). */
  planEndWithout: (end: Date) => Date | null;
}

/**
 * Records the request and undoes the purchase, in one transaction: a pending payment is cancelled (it can no longer
 * be paid or processed); a completed one's days come off its ad's plan (the plan ends if none are left). Returns the
 * request's code: the one already recorded when the payment was revoked meanwhile (a double submit).
 */
export async function recordRevocation(db: Knex, { code, payment, planEndWithout }: NewRevocation, now: Date): Promise<string> {
  try {
    return await db.transaction(async (trx) => {
      await trx('revocation_requests').insert({
        code,
        payment_id: payment.id,
        advertiser_id: payment.advertiserId,
        payment_reference: payment.reference,
        amount: payment.amount,
        description: payment.description.slice(0, 200),
        was_paid: payment.status === 'completed',
        status: payment.status === 'completed' ? 'pending' : 'not_charged',
        created_at: now,
      });
      if (payment.status === 'pending') {
        await trx('payments')
          .where({ id: payment.id, status: 'pending' })
          .update({ status: 'cancelled', processed_at: now, notes: 'Compra revocada (Botón de arrepentimiento)' });
      } else if (payment.adId !== null && payment.plan) {
        const ad = await forUpdate(trx, trx('ads').where({ id: payment.adId, plan: payment.plan }).first('plan_expires_at'));
        if (ad?.plan_expires_at) {
          const end = planEndWithout(new Date(ad.plan_expires_at));
          await trx('ads')
            .where('id', payment.adId)
            .update(end ? { plan_expires_at: end, updated_at: now } : { plan: 'gratuito', plan_expires_at: null, updated_at: now });
        }
      }
      return code;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const existing = await db('revocation_requests').where('payment_id', payment.id).first('code');
    if (!existing) throw err;
    return existing.code;
  }
}

export interface RevocationRow {
  id: number;
  code: string;
  paymentReference: string;
  amount: number;
  description: string;
  advertiserName: string | null;
  advertiserEmail: string | null;
  status: 'pending' | 'refunded' | 'not_charged';
  createdAt: string;
  refundedAt: string | null;
}

/** Every request, those waiting for a refund first, then newest first. */
export async function listRevocations(db: Knex): Promise<RevocationRow[]> {
  const rows = await db('revocation_requests as r')
    .leftJoin('advertisers as a', 'a.id', 'r.advertiser_id')
    .orderByRaw(`CASE WHEN r.status = 'pending' THEN 0 ELSE 1 END`)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(500)
    .select('r.*', 'a.full_name', 'a.email');
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    paymentReference: r.payment_reference,
    amount: Number(r.amount),
    description: r.description,
    advertiserName: r.full_name ?? null,
    advertiserEmail: r.email ?? null,
    status: r.status,
    createdAt: date(r.created_at)!.toISOString(),
    refundedAt: date(r.refunded_at)?.toISOString() ?? null,
  }));
}

/** pending -> refunded, by `adminId`: false when the request is missing or not waiting for a refund. */
export async function markRevocationRefunded(db: Knex, id: number, adminId: number, now: Date): Promise<boolean> {
  const changed = await db('revocation_requests')
    .where({ id, status: 'pending' })
    .update({ status: 'refunded', refunded_at: now, refunded_by: adminId });
  return changed > 0;
}
