// The advertiser's ARCO rights (access and cancellation): everything kept about them, as one document, and the
// deletion of the account with its ads, after the password is given again. Files are the caller's to delete: the
// deletion returns their keys.
import type { Knex } from 'knex';
import { advertiserPasswordHash } from '#db/queries/advertiser-accounts.ts';
import { deleteAdvertiserAccount, exportAdvertiserData } from '#db/queries/advertiser-data.ts';
import type { CredentialDeps } from './accounts.ts';
import { refuse } from '#core/refusals.ts';

export function exportOwnData(db: Knex, advertiserId: number) {
  return exportAdvertiserData(db, advertiserId);
}

/** Deletes the account when `password` is its password: the keys of its photos, documents and receipts. */
export async function deleteOwnAccount(deps: CredentialDeps, advertiserId: number, password: string) {
  if (!(await deps.checkPassword(await advertiserPasswordHash(deps.db, advertiserId), password))) throw refuse('wrong_password');
  return deleteAdvertiserAccount(deps.db, advertiserId);
}
