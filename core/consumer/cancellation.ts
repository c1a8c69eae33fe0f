// "Botón de baja" (decision 068): without signing in, a visitor asks to stop the renewals of an account's plans, and
// may ask to close the account too. The answer comes at once, with a code, and reads the same whether the address
// has an account or not; only an existing account gets a mail, with a link that confirms the request (so nobody
// stops or closes another's account). Confirming stops renewals; closing deletes the account as its owner can from
// "Mi cuenta" (core/accounts/account-data.ts).
import type { Knex } from 'knex';
import { findAdvertiserByEmail } from '#db/queries/advertiser-accounts.ts';
import { confirmCancellationRow, insertCancellation, pendingCancellation } from '#db/queries/cancellations.ts';
import { deleteAdvertiserAccount } from '#db/queries/advertiser-data.ts';
import { CANCELLATION_LINK_HOURS } from '#shared/consumer-law.ts';
import { hashToken, isPlausibleToken, newToken } from '#core/sessions/tokens.ts';
import type { Mail } from '#core/mail/mail.ts';
import { refuse } from '#core/refusals.ts';
import type { CancellationConfirmed, CancellationReceipt } from '#shared/contracts/public/consumer.ts';
import { newRequestCode } from './codes.ts';
import { cancellationMail } from './mails.ts';

export const CANCELLATION_CONFIRM_PATH = '/baja/confirmar';

const linkSince = (now: Date) => new Date(now.getTime() - CANCELLATION_LINK_HOURS * 3_600_000);

/** The code shown at once, and the mail to send (null when the address has no account: nothing is recorded). */
export async function requestCancellation(
  db: Knex,
  input: { email: string; closeAccount: boolean },
  siteOrigin: string,
  now = new Date(),
): Promise<{ receipt: CancellationReceipt; mail: Mail | null }> {
  const code = newRequestCode('BAJ');
  const advertiser = await findAdvertiserByEmail(db, input.email);
  if (!advertiser) return { receipt: { code }, mail: null };
  const token = newToken();
  await insertCancellation(db, { code, advertiserId: advertiser.id, tokenHash: hashToken(token), closeAccount: input.closeAccount }, now);
  const link = `${siteOrigin}${CANCELLATION_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
  const mail = cancellationMail(advertiser.email, { fullName: advertiser.fullName, code, link, closeAccount: input.closeAccount });
  return { receipt: { code }, mail };
}

/** What the confirmation page shows before the visitor confirms: the request, or null when the link is not valid. */
export async function cancellationToConfirm(db: Knex, token: string | undefined, now = new Date()) {
  if (!isPlausibleToken(token)) return null;
  return pendingCancellation(db, hashToken(token), linkSince(now));
}

export interface ConfirmedCancellation {
  answer: CancellationConfirmed;
  /** The files of a closed account, for the caller to delete. */
  files: { photoKeys: string[]; documentKeys: string[]; receiptKeys: string[] } | null;
}

/** Confirms the request of `token`: renewals stop; the account is deleted when that was asked. */
export async function confirmCancellation(db: Knex, token: string, now = new Date()): Promise<ConfirmedCancellation> {
  if (!isPlausibleToken(token)) throw refuse('cancellation_link_invalid');
  const request = await confirmCancellationRow(db, hashToken(token), linkSince(now), 'Renovaciones detenidas (Botón de baja)', now);
  if (!request) throw refuse('cancellation_link_invalid');
  if (!request.closeAccount) return { answer: { code: request.code, closed: false }, files: null };
  const files = await deleteAdvertiserAccount(db, request.advertiserId);
  return { answer: { code: request.code, closed: true }, files };
}
