// Advertiser accounts: registration, one-time tokens for mailed links (confirm the email, reset the password)
// and new passwords. Routes send the mail; the rows are written by db/queries/advertiser-accounts.ts. Passwords are
// hashed by the caller's `hashPassword` (api/services/passwords.ts: argon2id), given with the database.
import type { Knex } from 'knex';
import { hashToken, isPlausibleToken, newToken } from '#core/sessions/tokens.ts';
import { clearAccountAttempts } from '#db/queries/login-attempts.ts';
import {
  findAdvertiserByEmail,
  findLinkToken,
  insertAdvertiserAccount,
  isEmailConfirmed,
  markEmailConfirmed,
  normalizeEmail,
  replaceLinkToken,
  setAdvertiserPassword,
  spendLinkToken,
  type TokenPurpose,
} from '#db/queries/advertiser-accounts.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { refuse } from '#core/refusals.ts';

/** What registering and choosing a password need besides the database. */
export interface PasswordDeps {
  db: Knex;
  hashPassword(password: string): Promise<string>;
}

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = { confirm_email: 48 * 3_600_000, reset_password: 3_600_000 };

/** A new unconfirmed account; refused when the email already has one. */
export async function registerAdvertiser(
  deps: PasswordDeps,
  input: { fullName: string; email: string; password: string },
  now = new Date(),
): Promise<number> {
  const id = await insertAdvertiserAccount(
    deps.db,
    { fullName: input.fullName, email: input.email, passwordHash: await deps.hashPassword(input.password) },
    now,
  );
  if (id === 'duplicate') throw refuse('email_taken');
  return id;
}

/** A new link token, the only one of its purpose that works from now on; returns it for the mail. */
export async function issueToken(db: Knex, advertiserId: number, purpose: TokenPurpose, now = new Date()): Promise<string> {
  const token = newToken();
  await replaceLinkToken(db, {
    tokenHash: hashToken(token),
    advertiserId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export type TokenResult = { advertiserId: number } | 'invalid' | 'expired';

/** Spends a token once: a second use (or a double click) is 'invalid'. */
async function spendToken(db: Knex, token: string | undefined, purpose: TokenPurpose, now: Date): Promise<TokenResult> {
  if (!isPlausibleToken(token)) return 'invalid';
  const tokenHash = hashToken(token);
  const row = await findLinkToken(db, tokenHash, purpose);
  if (!row || row.used) return 'invalid';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return (await spendLinkToken(db, tokenHash, now)) ? { advertiserId: row.advertiserId } : 'invalid';
}

/** Whether a reset link is still usable, without spending it (the page shows the form only then). */
export async function checkResetLink(db: Knex, token: string | undefined, now = new Date()): Promise<'ok' | 'invalid' | 'expired'> {
  if (!isPlausibleToken(token)) return 'invalid';
  const row = await findLinkToken(db, hashToken(token), 'reset_password');
  if (!row || row.used) return 'invalid';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'ok';
}

export async function confirmEmail(db: Knex, token: string | undefined, now = new Date()): Promise<TokenResult | 'already-confirmed'> {
  const result = await spendToken(db, token, 'confirm_email', now);
  if (typeof result === 'object') await markEmailConfirmed(db, result.advertiserId, now);
  // A link used before for an address confirmed since (a second click, or a mail app's check that opened it first, even
  // at the same moment) is no error: the address is confirmed, which is what the visitor wants to know.
  if (result === 'invalid' && isPlausibleToken(token)) {
    const row = await findLinkToken(db, hashToken(token), 'confirm_email');
    if (row?.used && (await isEmailConfirmed(db, row.advertiserId))) return 'already-confirmed';
  }
  return result;
}

/** Sets the new password, ends every session of the account and lifts its sign-in lock. */
export async function resetPassword(
  deps: PasswordDeps,
  token: string | undefined,
  password: string,
  now = new Date(),
): Promise<TokenResult> {
  const { db } = deps;
  const result = await spendToken(db, token, 'reset_password', now);
  if (typeof result !== 'object') return result;
  const email = await setAdvertiserPassword(db, result.advertiserId, await deps.hashPassword(password), now);
  await advertiserSessions.endAllOf(db, result.advertiserId);
  await clearAccountAttempts(db, 'advertiser', normalizeEmail(email));
  return result;
}

/** An account's mailable identity, when it has one a mailed link may act on (it has a password). */
export interface MailableAccount {
  id: number;
  email: string;
  fullName: string;
}

/** The account of this email still waiting for its confirmation; null for none (or one made without a password). */
export async function accountAwaitingConfirmation(db: Knex, email: string): Promise<MailableAccount | null> {
  const account = await findAdvertiserByEmail(db, email);
  return account && !account.emailConfirmedAt && account.passwordHash ? account : null;
}

/** The account of this email that may reset its password; null for none (or one made without a password). */
export async function accountForPasswordReset(db: Knex, email: string): Promise<MailableAccount | null> {
  const account = await findAdvertiserByEmail(db, email);
  return account?.passwordHash ? account : null;
}

/** What signing in needs besides the database: a check that costs the same whether or not there is a hash. */
export interface CredentialDeps {
  db: Knex;
  checkPassword(hash: string | null | undefined, password: string): Promise<boolean>;
}

/** Whether these credentials open an account: its id, or why not (a wrong pair, or an email not confirmed yet). */
export async function checkCredentials(
  deps: CredentialDeps,
  email: string,
  password: string,
): Promise<{ advertiserId: number } | 'invalid' | 'unconfirmed'> {
  const account = await findAdvertiserByEmail(deps.db, email);
  const valid = await deps.checkPassword(account?.passwordHash, password);
  if (!account || !valid) return 'invalid';
  return account.emailConfirmedAt ? { advertiserId: account.id } : 'unconfirmed';
}

/** The form under which sign-in attempts of an email are counted: the one the account is found by. */
export const signInKey = normalizeEmail;
