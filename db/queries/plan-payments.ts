// Plan purchases: what an advertiser buys for one of their ads (a pending payment), and what completing a payment
// does to that ad: the plan starts, or continues for 30 more days. Staff processing (admin/payments.ts) and
// MercadoPago's confirmation both complete payments through completePayment.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { forUpdate, insertedId, isUniqueViolation } from '#db/dialect.ts';
import { isoOrNull as iso } from '#shared/dates.ts';
import {
  addDays,
  FREE_LISTING_DAYS,
  PLAN_DAYS,
  planInForce,
  planLabel,
  planWeight,
  type PaidPlan,
  type PaymentMethod,
} from '#shared/plans.ts';
import { refreshSearchRanks } from './search-rank.ts';

export type PaymentStatus = 'pending' | 'completed' | 'cancelled';

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

function toOwnPayment(r: Record<string, unknown>): OwnPayment {
  return {
    id: r.id as number,
    reference: r.reference as string,
    plan: (r.plan as PaidPlan | null) ?? null,
    kind: r.kind as OwnPayment['kind'],
    amount: Number(r.amount),
    description: (r.description as string | null) || 'Pago de suscripción',
    method: r.payment_method as string,
    status: r.status as PaymentStatus,
    priceNote: (r.price_note as string | null) ?? null,
    adId: (r.ad_id as number | null) ?? null,
    adTitle: (r.ad_title as string | null) ?? null,
    receipt: r.receipt_key ? { type: r.receipt_type as string, uploadedAt: iso(r.receipt_uploaded_at)! } : null,
    planUntil: iso(r.plan_until),
    dueAt: iso(r.due_at),
    createdAt: iso(r.created_at)!,
    processedAt: iso(r.processed_at),
  };
}

const ownPayments = (db: Knex, advertiserId: number) =>
  db('payments as p')
    .leftJoin('ads as ad', 'ad.id', 'p.ad_id')
    .where('p.advertiser_id', advertiserId)
    .select('p.*', 'ad.title as ad_title');

export async function listOwnPayments(db: Knex, advertiserId: number): Promise<OwnPayment[]> {
  return (await ownPayments(db, advertiserId).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(200)).map(toOwnPayment);
}

export async function findOwnPayment(db: Knex, advertiserId: number, paymentId: number): Promise<OwnPayment | null> {
  const row = await ownPayments(db, advertiserId).where('p.id', paymentId).first();
  return row ? toOwnPayment(row) : null;
}

export async function findOwnPaymentByReference(db: Knex, advertiserId: number, reference: string): Promise<OwnPayment | null> {
  const row = await ownPayments(db, advertiserId).where('p.reference', reference).first();
  return row ? toOwnPayment(row) : null;
}

/** The advertiser's published ads, with the plan each has in force: what a plan can be bought for. */
export async function purchasableAds(db: Knex, advertiserId: number, now = new Date()) {
  const rows = await db('ads')
    .where({ advertiser_id: advertiserId, state: 'published' })
    .orderBy('id')
    .select('id', 'title', 'category', 'plan', 'plan_expires_at');
  return rows.map((r) => {
    const plan = planInForce(r, now);
    return {
      id: r.id as number,
      title: r.title as string,
      category: r.category as string,
      plan,
      planUntil: plan === 'gratuito' ? null : iso(r.plan_expires_at),
    };
  });
}

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A transfer reference the advertiser types in their bank's "concepto": VEL- and 8 unambiguous characters. */
export function newPaymentReference(): string {
  return `VEL-${[...crypto.randomBytes(8)].map((b) => REFERENCE_ALPHABET[b % 32]).join('')}`;
}

export function planPaymentDescription(plan: PaidPlan, adTitle: string, kind: 'purchase' | 'renewal'): string {
  const what = `${kind === 'renewal' ? 'Renovación del plan' : 'Plan'} ${planLabel(plan)} (${PLAN_DAYS} días)`;
  return `${what} para «${adTitle}»`.slice(0, 200);
}

export interface PurchaseInput {
  advertiserId: number;
  adId: number;
  plan: PaidPlan;
  method: PaymentMethod;
  /** The price the advertiser was shown (a verified quote); it is what they pay. */
  amount: number;
  /** Set when that price differs from the current one. */
  priceNote: string | null;
  providerPreferenceId?: string | null;
  reference?: string;
}

export type PurchaseResult =
  | { ok: true; payment: OwnPayment; reused: boolean }
  | { ok: false; reason: 'ad_missing' | 'ad_not_published' }
  | { ok: false; reason: 'higher_plan_active'; plan: PaidPlan; until: string }
  | { ok: false; reason: 'other_pending'; reference: string; plan: string | null };

/** The refusals of createPlanPurchase that do not depend on the payment itself, for checking before MercadoPago. */
export async function checkPurchase(
  db: Knex,
  input: Pick<PurchaseInput, 'advertiserId' | 'adId' | 'plan'>,
  now = new Date(),
): Promise<PurchaseResult | null> {
  const ad = await db('ads').where({ id: input.adId, advertiser_id: input.advertiserId }).first('state', 'plan', 'plan_expires_at');
  if (!ad) return { ok: false, reason: 'ad_missing' };
  if (ad.state !== 'published') return { ok: false, reason: 'ad_not_published' };
  const inForce = planInForce(ad, now);
  if (planWeight(inForce) > planWeight(input.plan))
    return { ok: false, reason: 'higher_plan_active', plan: inForce as PaidPlan, until: iso(ad.plan_expires_at)! };
  const pending = await db('payments').where({ ad_id: input.adId, status: 'pending' }).first('id', 'plan', 'reference');
  if (pending && pending.plan !== input.plan)
    return { ok: false, reason: 'other_pending', reference: pending.reference, plan: pending.plan };
  if (pending) return { ok: true, payment: (await findOwnPayment(db, input.advertiserId, pending.id))!, reused: true };
  return null;
}

/**
 * A pending payment for a plan for one of the advertiser's published ads. A second request for the same ad and
 * plan (a double click, or a renewal already waiting) answers with the payment that is already pending.
 */
export async function createPlanPurchase(db: Knex, input: PurchaseInput, now = new Date()): Promise<PurchaseResult> {
  const refused = await checkPurchase(db, input, now);
  if (refused) return refused;
  const ad = await db('ads').where('id', input.adId).first('title');
  try {
    const [row] = await db('payments')
      .insert({
        advertiser_id: input.advertiserId,
        ad_id: input.adId,
        plan: input.plan,
        kind: 'purchase',
        amount: input.amount,
        description: planPaymentDescription(input.plan, ad.title, 'purchase'),
        payment_method: input.method,
        status: 'pending',
        price_note: input.priceNote,
        provider_preference_id: input.providerPreferenceId ?? null,
        reference: input.reference ?? newPaymentReference(),
        created_at: now,
      })
      .returning('id');
    return { ok: true, payment: (await findOwnPayment(db, input.advertiserId, insertedId(row)))!, reused: false };
  } catch (err) {
    // Another request for this ad won the race (payments_one_pending_per_ad): answer with what it made.
    if (!isUniqueViolation(err)) throw err;
    const again = await checkPurchase(db, input, now);
    if (again) return again;
    throw err;
  }
}

/** The advertiser withdraws a payment still waiting (say, they chose the wrong plan). */
export async function cancelOwnPayment(
  db: Knex,
  advertiserId: number,
  paymentId: number,
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_pending'> {
  const changed = await db('payments')
    .where({ id: paymentId, advertiser_id: advertiserId, status: 'pending' })
    .update({ status: 'cancelled', processed_at: now, notes: 'Cancelado por el anunciante' });
  if (changed) return 'ok';
  return (await db('payments').where({ id: paymentId, advertiser_id: advertiserId }).first('id')) ? 'not_pending' : 'missing';
}

export async function attachReceipt(
  db: Knex,
  advertiserId: number,
  paymentId: number,
  receipt: { key: string; type: string },
  now = new Date(),
): Promise<{ ok: true; replacedKey: string | null } | { ok: false; reason: 'missing' | 'not_pending' }> {
  const payment = await db('payments').where({ id: paymentId, advertiser_id: advertiserId }).first('status', 'receipt_key');
  if (!payment) return { ok: false, reason: 'missing' };
  const changed = await db('payments')
    .where({ id: paymentId, advertiser_id: advertiserId, status: 'pending' })
    .update({ receipt_key: receipt.key, receipt_type: receipt.type, receipt_uploaded_at: now });
  if (!changed) return { ok: false, reason: 'not_pending' };
  return { ok: true, replacedKey: payment.receipt_key ?? null };
}

export interface CompletedPayment {
  id: number;
  reference: string;
  amount: number;
  plan: PaidPlan | null;
  planUntil: Date | null;
  adTitle: string | null;
  advertiser: { email: string; fullName: string };
}

export type CompleteResult =
  { ok: true; payment: CompletedPayment } | { ok: false; reason: 'missing' | 'already_processed' | 'not_pending' };

/**
 * pending -> completed, then the plan starts for the ad: 30 days from now, or from the current end when the same
 * plan is still running (a renewal paid early loses no day). The listing lasts the free plan's 30 days beyond
 * the paid plan, and an ad that had expired is published again. One transaction; a payment completes once.
 */
export async function completePayment(
  db: Knex,
  input: { id: number; bankAccountId: number | null; adminId: number | null; notes: string | null; providerPaymentId?: string | null },
  now = new Date(),
): Promise<CompleteResult> {
  const result = await db.transaction(async (trx): Promise<CompleteResult> => {
    // The write comes first: it is what makes a second processing find nothing to do.
    const changed = await trx('payments')
      .where({ id: input.id, status: 'pending' })
      .update({
        status: 'completed',
        bank_account_id: input.bankAccountId,
        notes: input.notes,
        processed_by: input.adminId,
        processed_at: now,
        provider_payment_id: input.providerPaymentId ?? null,
      });
    if (!changed) {
      const payment = await trx('payments').where('id', input.id).first('status');
      if (!payment) return { ok: false, reason: 'missing' };
      return { ok: false, reason: payment.status === 'completed' ? 'already_processed' : 'not_pending' };
    }
    const payment = await trx('payments as p')
      .join('advertisers as a', 'a.id', 'p.advertiser_id')
      .where('p.id', input.id)
      .first('p.*', 'a.email', 'a.full_name', 'a.verification_status');
    const ad = payment.ad_id
      ? // Locked: a hold released meanwhile must not move the plan end this payment computes from.
        await forUpdate(trx, trx('ads').where('id', payment.ad_id)).first('id', 'title', 'state', 'plan', 'plan_expires_at', 'expires_at')
      : null;
    let planUntil: Date | null = null;
    if (ad && payment.plan) {
      const running = planInForce(ad, now) === payment.plan;
      planUntil = addDays(running ? new Date(ad.plan_expires_at) : now, PLAN_DAYS);
      // After the plan the ad stays up as a free listing for the free plan's days.
      const freeAfter = addDays(planUntil, FREE_LISTING_DAYS);
      const listingEnd = ad.expires_at && new Date(ad.expires_at) > freeAfter ? new Date(ad.expires_at) : freeAfter;
      const republish = ad.state === 'expired' && payment.verification_status === 'verified';
      await trx('ads')
        .where('id', ad.id)
        .update({
          plan: payment.plan,
          plan_expires_at: planUntil,
          expires_at: listingEnd,
          ...(republish ? { state: 'published' } : {}),
          updated_at: now,
        });
      await trx('payments').where('id', input.id).update({ plan_until: planUntil });
      await refreshSearchRanks(trx, now, [ad.id]);
    }
    return {
      ok: true,
      payment: {
        id: payment.id,
        reference: payment.reference,
        amount: Number(payment.amount),
        plan: payment.plan ?? null,
        planUntil,
        adTitle: ad?.title ?? null,
        advertiser: { email: payment.email, fullName: payment.full_name },
      },
    };
  });
  return result;
}

export async function adTitle(db: Knex, adId: number): Promise<string | null> {
  const row = await db('ads').where('id', adId).first('title');
  return row ? String(row.title) : null;
}

/** A pending payment sent to MercadoPago's checkout: the preference that will pay it. */
export async function markMercadoPagoCheckout(db: Knex, paymentId: number, preferenceId: string): Promise<void> {
  await db('payments')
    .where({ id: paymentId, status: 'pending' })
    .update({ payment_method: 'mercadopago', provider_preference_id: preferenceId });
}

/** A payment by its reference, as a MercadoPago notification names it. */
export async function paymentByReference(db: Knex, reference: string) {
  const row = await db('payments').where('reference', reference).first('id', 'amount', 'status', 'provider_payment_id');
  return row
    ? {
        id: Number(row.id),
        amount: Number(row.amount),
        status: String(row.status),
        providerPaymentId: (row.provider_payment_id as string | null) ?? null,
      }
    : null;
}
