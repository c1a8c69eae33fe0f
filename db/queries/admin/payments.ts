// Payments as the panel lists and processes them, and the bank accounts that receive them.
import type { Knex } from 'knex';
import { insertedId } from '../../dialect.ts';

export interface Payment {
  id: number;
  amount: number;
  description: string;
  paymentMethod: string;
  paymentStatus: 'pending' | 'completed';
  reference: string;
  advertiserName: string;
  bankAccountId: number | null;
  processedAt: string | null;
  createdAt: string;
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | number).toISOString());

/** Completed payments listed besides every pending one: the panel's list stays small as the history grows. */
export const COMPLETED_LISTED = 500;

/** Every pending payment and the latest COMPLETED_LISTED completed ones, newest first. */
export async function listPayments(db: Knex): Promise<Payment[]> {
  const select = (status: 'pending' | 'completed') =>
    db('payments as p')
      .join('advertisers as a', 'a.id', 'p.advertiser_id')
      .where('p.status', status)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .select('p.*', 'a.full_name as advertiser_name');
  const [pending, completed] = await Promise.all([select('pending'), select('completed').limit(COMPLETED_LISTED)]);
  const rows = [...pending, ...completed].sort((x, y) => new Date(y.created_at).getTime() - new Date(x.created_at).getTime() || y.id - x.id);
  return rows.map((r) => ({
    id: r.id,
    amount: Number(r.amount),
    description: r.description || 'Pago de suscripción',
    paymentMethod: r.payment_method,
    paymentStatus: r.status,
    reference: r.reference,
    advertiserName: r.advertiser_name,
    bankAccountId: r.bank_account_id,
    processedAt: iso(r.processed_at),
    createdAt: iso(r.created_at)!,
  }));
}

/** pending -> completed into a bank account: usually the active one, but a transfer may have gone to the one
 * that was active when the advertiser paid. */
export async function processPayment(
  db: Knex,
  input: { id: number; bankAccountId: number; notes: string | null; adminId: number },
  now = new Date(),
): Promise<'ok' | 'missing' | 'already_processed' | 'no_account'> {
  return db.transaction(async (trx) => {
    const changed = await trx('payments')
      .where({ id: input.id, status: 'pending' })
      .whereExists(trx('bank_accounts').where('id', input.bankAccountId))
      .update({ status: 'completed', bank_account_id: input.bankAccountId, notes: input.notes, processed_by: input.adminId, processed_at: now });
    if (changed) return 'ok';
    const payment = await trx('payments').where('id', input.id).first('status');
    if (!payment) return 'missing';
    if (payment.status !== 'pending') return 'already_processed';
    return 'no_account';
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
    if (!(await trx('bank_accounts').where('active', true).first('id'))) await trx('bank_accounts').where('id', id).update({ active: true });
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
