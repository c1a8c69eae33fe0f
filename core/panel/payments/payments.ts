// Pagos from the panel: the list, processing a payment into a bank account (the advertiser is told once it
// committed), and the transfer receipt the advertiser attached (decrypted for one view, every view audited).
import type { Knex } from 'knex';
import { listPayments, paymentReceipt, type Payment } from '#db/queries/admin/payments.ts';
import { processPayment as process } from '#core/payments/process-payment.ts';
import type { CompletedPayment } from '#core/payments/complete-payment.ts';
import type { PaymentItem } from '#shared/contracts/staff/payments.ts';
import type { SealedFiles } from '../files.ts';
import { refuse } from '#core/refusals.ts';
import { recordStaffView, staffAction, type StaffActor, type StaffActionEntry } from '../staff-action.ts';

/** Tells the advertiser their payment was confirmed; never throws (core/payments/confirmation-mail.ts mails it). */
export interface PaymentNotices {
  paymentConfirmed(payment: CompletedPayment): Promise<void>;
}

export function presentPayment(row: Payment): PaymentItem {
  return {
    id: row.id,
    amount: row.amount,
    description: row.description,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    reference: row.reference,
    advertiserName: row.advertiserName,
    priceNote: row.priceNote,
    hasReceipt: row.hasReceipt,
    bankAccountId: row.bankAccountId,
    createdAt: row.createdAt,
  };
}

/** Every pending payment and the latest completed ones, newest first. */
export async function payments(db: Knex): Promise<PaymentItem[]> {
  return (await listPayments(db)).map(presentPayment);
}

/** pending -> completed into a bank account, which starts the plan it paid for (core/payments/process-payment.ts). */
export async function processPayment(
  deps: { db: Knex; notices: PaymentNotices },
  actor: StaffActor,
  input: { id: number; bankAccountId: number; notes: string | null },
): Promise<void> {
  const entry: StaffActionEntry = {
    action: 'payment_processed',
    targetType: 'payment',
    targetId: input.id,
    details: { bankAccountId: input.bankAccountId },
  };
  const payment = await staffAction(deps.db, actor, entry, async (trx) => {
    const result = await process(trx, { ...input, adminId: actor.admin.id });
    if (result.ok) return result.payment;
    if (result.reason === 'missing') throw refuse('payment_missing');
    if (result.reason === 'already_processed') throw refuse('payment_already_processed');
    if (result.reason === 'not_pending') throw refuse('payment_cancelled');
    if (result.reason === 'no_active_account') throw refuse('no_active_bank_account');
    throw refuse('destination_account_missing');
  });
  await deps.notices.paymentConfirmed(payment);
}

export interface ViewedReceipt {
  bytes: Buffer;
  type: string;
  reference: string;
}

/** The transfer receipt of a payment, decrypted for this view only; the view is in the audit log. */
export async function viewReceipt(deps: { db: Knex; files: SealedFiles }, actor: StaffActor, id: number): Promise<ViewedReceipt> {
  const receipt = await paymentReceipt(deps.db, id);
  if (!receipt) throw refuse('receipt_missing');
  const bytes = await deps.files.read(receipt.fileKey, 'receipts');
  await recordStaffView(deps.db, actor, { action: 'payment_receipt_viewed', targetType: 'payment', targetId: id });
  return { bytes, type: receipt.type, reference: receipt.reference };
}
