// Staff confirm a payment into a bank account: usually the active one, but a transfer may have gone to the one that
// was active when the advertiser paid. Without any active account no payment is processed (there is nowhere the site
// tells advertisers to pay). The plan then starts for the ad (./complete-payment.ts).
import type { Knex } from 'knex';
import { activeBankAccount, bankAccountExists } from '#db/queries/admin/payments.ts';
import { paymentStatus } from '#db/queries/plan-payments.ts';
import { completePayment, type CompletedPayment } from './complete-payment.ts';

export type ProcessResult =
  | { ok: true; payment: CompletedPayment }
  | { ok: false; reason: 'missing' | 'already_processed' | 'not_pending' | 'no_account' | 'no_active_account' };

export async function processPayment(
  db: Knex,
  input: { id: number; bankAccountId: number; notes: string | null; adminId: number },
  now = new Date(),
): Promise<ProcessResult> {
  // The checks run in the transaction that completes the payment: an account deactivated meanwhile cannot slip in.
  return db.transaction(async (trx) => {
    if (!(await paymentStatus(trx, input.id))) return { ok: false, reason: 'missing' } as const;
    if (!(await activeBankAccount(trx))) return { ok: false, reason: 'no_active_account' } as const;
    if (!(await bankAccountExists(trx, input.bankAccountId))) return { ok: false, reason: 'no_account' } as const;
    return completePayment(trx, { id: input.id, bankAccountId: input.bankAccountId, adminId: input.adminId, notes: input.notes }, now);
  });
}
