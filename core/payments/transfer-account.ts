// The bank account advertisers are told to transfer to, as they copy it: the one staff keep active, without its
// internal id or account number.
import type { Knex } from 'knex';
import { activeBankAccount } from '#db/queries/admin/payments.ts';
import type { TransferAccount } from '#shared/contracts/advertiser/payments.ts';

/** Null while staff have not activated an account: then nobody can be told to transfer. */
export async function transferAccount(db: Knex): Promise<TransferAccount | null> {
  const account = await activeBankAccount(db);
  return (
    account && {
      bankName: account.bankName,
      accountHolder: account.accountHolder,
      accountType: account.accountType,
      cbu: account.cbu,
      alias: account.alias,
    }
  );
}
