// Advertiser accounts: registration, one-time tokens for mailed links (confirm the email, reset the password),
// and the password check at sign-in. Routes send the mail; this module only changes the database.
import type { Knex } from 'knex';
import { hashPassword } from '#api/services/passwords.ts';
import { hashToken, isPlausibleToken, newToken } from '#api/services/tokens.ts';
import { insertedId } from '#db/dialect.ts';
import { clearAccountAttempts } from '#db/queries/login-attempts.ts';
import { advertiserSessions } from '#api/auth/sessions.ts';

export type TokenPurpose = 'confirm_email' | 'reset_password';
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = { confirm_email: 48 * 3_600_000, reset_password: 3_600_000 };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findAdvertiserByEmail(db: Knex, email: string) {
  return db('advertisers')
    .whereRaw('lower(email) = ?', [normalizeEmail(email)])
    .first('id', 'email', 'full_name', 'password_hash', 'email_confirmed_at');
}

/** A new unconfirmed account; 'duplicate' when the email already has one. */
export async function registerAdvertiser(
  db: Knex,
  input: { fullName: string; email: string; password: string },
  now = new Date(),
): Promise<number | 'duplicate'> {
  if (await findAdvertiserByEmail(db, input.email)) return 'duplicate';
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db('advertisers')
      .insert({
        email: normalizeEmail(input.email),
        full_name: input.fullName,
        password_hash: passwordHash,
        verification_status: 'unverified',
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    return insertedId(row);
  } catch (err) {
    // Two registrations of one email at once: the unique index keeps the second out.
    if (await findAdvertiserByEmail(db, input.email)) return 'duplicate';
    throw err;
  }
}

/** A new link token; earlier unused ones of the same purpose stop working (only the latest mail counts). */
export async function issueToken(db: Knex, advertiserId: number, purpose: TokenPurpose, now = new Date()): Promise<string> {
  const token = newToken();
  await db('advertiser_tokens').where({ advertiser_id: advertiserId, purpose }).whereNull('used_at').delete();
  await db('advertiser_tokens').insert({
    token_hash: hashToken(token),
    advertiser_id: advertiserId,
    purpose,
    created_at: now,
    expires_at: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export type TokenResult = { advertiserId: number } | 'invalid' | 'expired';

/** Spends a token once: the conditional update makes a second use (or a double click) 'invalid'. */
async function spendToken(db: Knex, token: string | undefined, purpose: TokenPurpose, now: Date): Promise<TokenResult> {
  if (!isPlausibleToken(token)) return 'invalid';
  const tokenHash = hashToken(token);
  const row = await db('advertiser_tokens').where({ token_hash: tokenHash, purpose }).first('advertiser_id', 'expires_at', 'used_at');
  if (!row || row.used_at) return 'invalid';
  if (new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
  const spent = await db('advertiser_tokens').where({ token_hash: tokenHash }).whereNull('used_at').update({ used_at: now });
  return spent ? { advertiserId: row.advertiser_id } : 'invalid';
}

/** Whether a reset link is still usable, without spending it (the page shows the form only then). */
export async function checkToken(
  db: Knex,
  token: string | undefined,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<'ok' | 'invalid' | 'expired'> {
  if (!isPlausibleToken(token)) return 'invalid';
  const row = await db('advertiser_tokens')
    .where({ token_hash: hashToken(token), purpose })
    .first('expires_at', 'used_at');
  if (!row || row.used_at) return 'invalid';
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'ok';
}

export async function confirmEmail(db: Knex, token: string | undefined, now = new Date()): Promise<TokenResult> {
  const result = await spendToken(db, token, 'confirm_email', now);
  if (typeof result === 'object') {
    await db('advertisers')
      .where('id', result.advertiserId)
      .whereNull('email_confirmed_at')
      .update({ email_confirmed_at: now, updated_at: now });
  }
  return result;
}

/** Sets the new password, ends every session of the account and lifts its sign-in lock. */
export async function resetPassword(db: Knex, token: string | undefined, password: string, now = new Date()): Promise<TokenResult> {
  const result = await spendToken(db, token, 'reset_password', now);
  if (typeof result !== 'object') return result;
  const passwordHash = await hashPassword(password);
  // Following the reset link proves the mailbox too.
  const account = await db('advertisers').where('id', result.advertiserId).first('email', 'email_confirmed_at');
  await db('advertisers')
    .where('id', result.advertiserId)
    .update({ password_hash: passwordHash, email_confirmed_at: account.email_confirmed_at ?? now, updated_at: now });
  await advertiserSessions.endAllOf(db, result.advertiserId);
  await clearAccountAttempts(db, 'advertiser', normalizeEmail(account.email));
  return result;
}
