// Payments as the panel lists them, and the bank accounts that receive them. Processing one is
// core/payments/process-payment.ts.
import type { Knex } from 'knex';
import * as model from '#db/models/index.ts';

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
    model.Payment.query(db)
      .withGraphJoined('[advertiser(name), ad(titleOnly)]')
      .modify((q) =>
        status === 'pending' ? q.where('payments.status', 'pending') : q.whereIn('payments.status', ['completed', 'cancelled']),
      )
      .orderBy('payments.created_at', 'desc')
      .orderBy('payments.id', 'desc');
  const [pending, completed] = await Promise.all([select('pending'), select('done').limit(COMPLETED_LISTED)]);
  const payments = [...pending, ...completed].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || y.id - x.id);
  return payments.map((p) => ({
    id: p.id,
    amount: Number(p.amount),
    description: p.description || 'Pago de suscripción',
    paymentMethod: p.paymentMethod,
    paymentStatus: p.status,
    reference: p.reference,
    advertiserName: p.advertiser!.fullName,
    plan: p.plan ?? null,
    kind: p.kind,
    adId: p.adId ?? null,
    adTitle: p.ad?.title ?? null,
    priceNote: p.priceNote ?? null,
    hasReceipt: Boolean(p.receiptKey),
    bankAccountId: p.bankAccountId,
    processedAt: p.processedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  }));
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
  return (await model.BankAccount.query(db).orderBy('id')).map(
    ({ id, bankName, accountHolder, accountNumber, cbu, alias, accountType, active }) => ({
      id,
      bankName,
      accountHolder,
      accountNumber,
      cbu,
      alias,
      accountType,
      active,
    }),
  );
}

/** A new account is active only when no other is: activating is a separate, explicit step. */
export async function addBankAccount(db: Knex, input: Omit<BankAccount, 'id' | 'active'>, now = new Date()): Promise<number> {
  // Written first, then made active if it is the only account: the transaction begins with a write.
  return db.transaction(async (trx) => {
    const account = await model.BankAccount.query(trx).insert({ ...input, active: false, createdAt: now });
    if (!(await model.BankAccount.query(trx).findOne('active', true).select('id'))) await account.$query(trx).patch({ active: true });
    return account.id;
  });
}

/** Makes one account the active one; the others become inactive. false for an unknown id. */
export async function activateBankAccount(db: Knex, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const exists = await model.BankAccount.query(trx).findById(id).patch({ active: true });
    if (!exists) return false;
    await model.BankAccount.query(trx).whereNot('id', id).patch({ active: false });
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
  const payment = await model.Payment.query(db)
    .findById(id)
    .modify((q) => advertiserId !== undefined && q.where('advertiser_id', advertiserId))
    .select('receipt_key', 'receipt_type', 'reference');
  return payment?.receiptKey ? { fileKey: payment.receiptKey, type: payment.receiptType!, reference: payment.reference } : null;
}

export async function bankAccountExists(db: Knex, id: number): Promise<boolean> {
  return Boolean(await model.BankAccount.query(db).findById(id).select('id'));
}

export async function bankAccountWithCbuExists(db: Knex, cbu: string): Promise<boolean> {
  return Boolean(await model.BankAccount.query(db).findOne({ cbu }).select('id'));
}
