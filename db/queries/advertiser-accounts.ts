// Advertiser accounts: the signed-in view of one, registration, the tokens of mailed links (only their hashes)
// and passwords (only their hashes). api/advertiser/accounts.ts holds the rules around them.
import type { Knex } from 'knex';
import { insertedId } from '#db/dialect.ts';

export interface SignedInAdvertiser {
  id: number;
  email: string;
  fullName: string;
  verificationStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
}

export async function signedInAdvertiser(db: Knex, id: number): Promise<SignedInAdvertiser | null> {
  const row = await db('advertisers').where('id', id).first('id', 'email', 'full_name', 'verification_status');
  return row ? { id: Number(row.id), email: row.email, fullName: row.full_name, verificationStatus: row.verification_status } : null;
}

/** Emails are compared and stored in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findAdvertiserByEmail(db: Knex, email: string) {
  return db('advertisers')
    .whereRaw('lower(email) = ?', [normalizeEmail(email)])
    .first('id', 'email', 'full_name', 'password_hash', 'email_confirmed_at');
}

/** A new unconfirmed account; 'duplicate' when the email already has one. */
export async function insertAdvertiserAccount(
  db: Knex,
  input: { fullName: string; email: string; passwordHash: string },
  now = new Date(),
): Promise<number | 'duplicate'> {
  if (await findAdvertiserByEmail(db, input.email)) return 'duplicate';
  try {
    const [row] = await db('advertisers')
      .insert({
        email: normalizeEmail(input.email),
        full_name: input.fullName,
        password_hash: input.passwordHash,
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

export type TokenPurpose = 'confirm_email' | 'reset_password';

/** Stores a link token's hash; earlier unused ones of the same purpose stop working (only the latest mail counts). */
export async function replaceLinkToken(
  db: Knex,
  token: { tokenHash: string; advertiserId: number; purpose: TokenPurpose; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db('advertiser_tokens').where({ advertiser_id: token.advertiserId, purpose: token.purpose }).whereNull('used_at').delete();
  await db('advertiser_tokens').insert({
    token_hash: token.tokenHash,
    advertiser_id: token.advertiserId,
    purpose: token.purpose,
    created_at: token.createdAt,
    expires_at: token.expiresAt,
  });
}

export async function findLinkToken(
  db: Knex,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ advertiserId: number; expiresAt: Date; used: boolean } | null> {
  const row = await db('advertiser_tokens').where({ token_hash: tokenHash, purpose }).first('advertiser_id', 'expires_at', 'used_at');
  return row ? { advertiserId: Number(row.advertiser_id), expiresAt: new Date(row.expires_at), used: row.used_at !== null } : null;
}

/** Marks a token used; false when it already was (a second use, or a double click). */
export async function spendLinkToken(db: Knex, tokenHash: string, now: Date): Promise<boolean> {
  return (await db('advertiser_tokens').where({ token_hash: tokenHash }).whereNull('used_at').update({ used_at: now })) > 0;
}

export async function markEmailConfirmed(db: Knex, advertiserId: number, now: Date): Promise<void> {
  await db('advertisers').where('id', advertiserId).whereNull('email_confirmed_at').update({ email_confirmed_at: now, updated_at: now });
}

/** A new password hash; following a reset link proves the mailbox too. Returns the account's email. */
export async function setAdvertiserPassword(db: Knex, advertiserId: number, passwordHash: string, now: Date): Promise<string> {
  const account = await db('advertisers').where('id', advertiserId).first('email', 'email_confirmed_at');
  await db('advertisers')
    .where('id', advertiserId)
    .update({ password_hash: passwordHash, email_confirmed_at: account.email_confirmed_at ?? now, updated_at: now });
  return String(account.email);
}

export async function advertiserPasswordHash(db: Knex, advertiserId: number): Promise<string | null> {
  const row = await db('advertisers').where('id', advertiserId).first('password_hash');
  return row?.password_hash ?? null;
}
