// Cuentas bancarias: the accounts that receive payments, one of them active (the one advertisers are told to
// transfer to). Whoever processes payments reads them; adding and activating are for the super admin.
import type { Knex } from 'knex';
import {
  activateBankAccount,
  addBankAccount,
  bankAccountWithCbuExists,
  listBankAccounts,
  type BankAccount,
} from '#db/queries/admin/payments.ts';
import type { BankAccountItem } from '#shared/contracts/staff/payments.ts';
import { refuse } from '#core/refusals.ts';
import { staffAction, type StaffActor } from '../staff-action.ts';

export function presentBankAccount(row: BankAccount): BankAccountItem {
  return {
    id: row.id,
    bankName: row.bankName,
    accountHolder: row.accountHolder,
    accountNumber: row.accountNumber,
    cbu: row.cbu,
    alias: row.alias,
    accountType: row.accountType,
    active: row.active,
  };
}

export async function bankAccounts(db: Knex): Promise<BankAccountItem[]> {
  return (await listBankAccounts(db)).map(presentBankAccount);
}

export type NewBankAccount = Omit<BankAccountItem, 'id' | 'active'>;

/** Adds an account (active only when it is the first); returns its id. One CBU, one account. */
export async function addAccount(db: Knex, actor: StaffActor, input: NewBankAccount): Promise<number> {
  if (await bankAccountWithCbuExists(db, input.cbu)) throw refuse('cbu_taken');
  const account = {
    bankName: input.bankName,
    accountHolder: input.accountHolder,
    accountNumber: input.accountNumber,
    cbu: input.cbu,
    alias: input.alias,
    accountType: input.accountType,
  };
  return staffAction(
    db,
    actor,
    (added: number) => ({ action: 'bank_account_added', targetType: 'bank_account', targetId: added }),
    (trx) => addBankAccount(trx, account),
  );
}

/** Makes one account the active one; the others become inactive. */
export async function activateAccount(db: Knex, actor: StaffActor, id: number): Promise<void> {
  await staffAction(db, actor, { action: 'bank_account_activated', targetType: 'bank_account', targetId: id }, async (trx) => {
    if (!(await activateBankAccount(trx, id))) throw refuse('bank_account_missing');
  });
}
