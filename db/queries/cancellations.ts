// "Botón de baja" requests (decision 068): recorded for an existing account with the hash of the token mailed to its
// address; confirming one (once, while the link lasts) stops the account's renewals in the same transaction.
import type { Knex } from 'knex';

export async function insertCancellation(
  db: Knex,
  row: { code: string; advertiserId: number; tokenHash: string; closeAccount: boolean },
  now: Date,
): Promise<void> {
  await db('cancellation_requests').insert({
    code: row.code,
    advertiser_id: row.advertiserId,
    token_hash: row.tokenHash,
    close_account: row.closeAccount,
    created_at: now,
  });
}

export interface PendingCancellation {
  code: string;
  advertiserId: number;
  closeAccount: boolean;
}

/** The unconfirmed request of this token made after `since`, or null. */
export async function pendingCancellation(db: Knex, tokenHash: string, since: Date): Promise<PendingCancellation | null> {
  const row = await db('cancellation_requests')
    .where('token_hash', tokenHash)
    .whereNull('confirmed_at')
    .where('created_at', '>', since)
    .first('code', 'advertiser_id', 'close_account');
  return row ? { code: row.code, advertiserId: row.advertiser_id, closeAccount: Boolean(row.close_account) } : null;
}

/**
 * Confirms the request (once: null when it was confirmed meanwhile or is too old) and stops the account's renewals:
 * no renewal is created for its plans from now on and the pending ones are cancelled with `note`.
 */
export function confirmCancellationRow(
  db: Knex,
  tokenHash: string,
  since: Date,
  note: string,
  now: Date,
): Promise<PendingCancellation | null> {
  return db.transaction(async (trx) => {
    const request = await pendingCancellation(trx, tokenHash, since);
    if (!request) return null;
    const confirmed = await trx('cancellation_requests')
      .where('token_hash', tokenHash)
      .whereNull('confirmed_at')
      .update({ confirmed_at: now });
    if (!confirmed) return null;
    await trx('advertisers').where('id', request.advertiserId).whereNull('renewals_stopped_at').update({ renewals_stopped_at: now });
    await trx('payments')
      .where({ advertiser_id: request.advertiserId, kind: 'renewal', status: 'pending' })
      .update({ status: 'cancelled', processed_at: now, notes: note });
    return request;
  });
}
