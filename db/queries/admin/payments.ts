// Payments as the panel lists and processes them, and the bank accounts that receive them.
import type { Knex } from 'knex';
import { insertedId } from '#db/dialect.ts';
import { isoOrNull as iso } from '#shared/dates.ts';
import { completePayment, type CompletedPayment } from '#db/queries/plan-payments.ts';

export interface Payment {
  id: number;
  amount: number;
  description: string;
  paymentMethod: string;
  paymentStatus: 'pending' | 'completed' | 'cancelled';
  reference: string;
  advertiserName: string;
  plan: string | null;
  kind: 'purchase' | 'renewal';
  adId: number | null;
  adTitle: string | null;
  /** Set when the advertiser paid a price shown before a change. */
  priceNote: string | null;
  hasReceipt: boolean;
  bankAccountId: number | null;
  processedAt: string | null;
  createdAt: string;
}

/** Completed payments listed besides every pending one: the panel's list stays small as the history grows. */
export const COMPLETED_LISTED = 500;

/** Every pending payment and the latest COMPLETED_LISTED completed ones, newest first. */
export async function listPayments(db: Knex): Promise<Payment[]> {
  const select = (status: 'pending' | 'done') =>
    db('payments as p')
      .join('advertisers as a', 'a.id', 'p.advertiser_id')
      .leftJoin('ads as ad', 'ad.id', 'p.ad_id')
      .modify((q) => (status === 'pending' ? q.where('p.status', 'pending') : q.whereIn('p.status', ['completed', 'cancelled'])))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .select('p.*', 'a.full_name as advertiser_name', 'ad.title as ad_title');
  const [pending, completed] = await Promise.all([select('pending'), select('done').limit(COMPLETED_LISTED)]);
  const rows = [...pending, ...completed].sort(
    (x, y) => new Date(y.created_at).getTime() - new Date(x.created_at).getTime() || y.id - x.id,
  );
  return rows.map((r) => ({
    id: r.id,
    amount: Number(r.amount),
    description: r.description || 'Pago de suscripción',
    paymentMethod: r.payment_method,
    paymentStatus: r.status,
    reference: r.reference,
    advertiserName: r.advertiser_name,
    plan: r.plan ?? null,
    kind: r.kind,
    adId: r.ad_id ?? null,
    adTitle: r.ad_title ?? null,
    priceNote: r.price_note ?? null,
    hasReceipt: Boolean(r.receipt_key),
    bankAccountId: r.bank_account_id,
    processedAt: iso(r.processed_at),
    createdAt: iso(r.created_at)!,
  }));
}

export type ProcessResult =
  | { ok: true; payment: CompletedPayment }
  | { ok: false; reason: 'missing' | 'already_processed' | 'not_pending' | 'no_account' | 'no_active_account' };

/**
 * Staff confirm a payment into a bank account: usually the active one, but a transfer may have gone to the one
 * that was active when the advertiser paid. Without any active account no payment is processed (there is nowhere
 * the site tells advertisers to pay). The plan then starts for the ad (plan-payments.ts).
 */
export async function processPayment(
  db: Knex,
  input: { id: number; bankAccountId: number; notes: string | null; adminId: number },
  now = new Date(),
): Promise<ProcessResult> {
  // The checks run in the transaction that completes the payment: an account deactivated meanwhile cannot slip in.
  return db.transaction(async (trx) => {
    if (!(await trx('payments').where('id', input.id).first('id'))) return { ok: false, reason: 'missing' } as const;
    if (!(await trx('bank_accounts').where('active', true).first('id'))) return { ok: false, reason: 'no_active_account' } as const;
    if (!(await trx('bank_accounts').where('id', input.bankAccountId).first('id'))) return { ok: false, reason: 'no_account' } as const;
    return completePayment(trx, { id: input.id, bankAccountId: input.bankAccountId, adminId: input.adminId, notes: input.notes }, now);
  });
}

export interface BankAccount {
  id: number;
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  cbu: string;
  alias: string | null;
  accountType: 'checking' | 'savings';
  active: boolean;
}

export async function listBankAccounts(db: Knex): Promise<BankAccount[]> {
  return (await db('bank_accounts').orderBy('id')).map((r) => ({
    id: r.id,
    bankName: r.bank_name,
    accountHolder: r.account_holder,
    accountNumber: r.account_number,
    cbu: r.cbu,
    alias: r.alias,
    accountType: r.account_type,
    active: Boolean(r.active),
  }));
}

/** A new account is active only when no other is: activating is a separate, explicit step. */
export async function addBankAccount(db: Knex, input: Omit<BankAccount, 'id' | 'active'>, now = new Date()): Promise<number> {
  // Written first, then made active if it is the only account: the transaction begins with a write.
  return db.transaction(async (trx) => {
    const [row] = await trx('bank_accounts')
      .insert({
        bank_name: input.bankName,
        account_holder: input.accountHolder,
        account_number: input.accountNumber,
        cbu: input.cbu,
        alias: input.alias,
        account_type: input.accountType,
        active: false,
        created_at: now,
      })
      .returning('id');
    const id = insertedId(row);
    if (!(await trx('bank_accounts').where('active', true).first('id')))
      await trx('bank_accounts').where('id', id).update({ active: true });
    return id;
  });
}

/** Makes one account the active one; the others become inactive. false for an unknown id. */
export async function activateBankAccount(db: Knex, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const exists = await trx('bank_accounts').where('id', id).update({ active: true });
    if (!exists) return false;
    await trx('bank_accounts').whereNot('id', id).update({ active: false });
    return true;
  });
}

/** The account advertisers are told to transfer to; null when staff have not activated one. */
export async function activeBankAccount(db: Knex): Promise<BankAccount | null> {
  return (await listBankAccounts(db)).find((a) => a.active) ?? null;
}

/** A payment's transfer receipt; `advertiserId` limits it to that advertiser's payments. */
export async function paymentReceipt(
  db: Knex,
  id: number,
  advertiserId?: number,
): Promise<{ fileKey: string; type: string; reference: string } | null> {
  const row = await db('payments')
    .where({ id, ...(advertiserId === undefined ? {} : { advertiser_id: advertiserId }) })
    .first('receipt_key', 'receipt_type', 'reference');
  return row?.receipt_key ? { fileKey: row.receipt_key, type: row.receipt_type, reference: row.reference } : null;
}

export async function bankAccountWithCbuExists(db: Knex, cbu: string): Promise<boolean> {
  return Boolean(await db('bank_accounts').where('cbu', cbu).first('id'));
}
