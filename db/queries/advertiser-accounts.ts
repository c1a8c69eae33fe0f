// Advertiser accounts: registration, the tokens of mailed links (only their hashes) and passwords (only their
// hashes). core/accounts/accounts.ts holds the rules around them; a signed-in account is read with its session
// (db/queries/sessions.ts).
import type { Knex } from 'knex';
import { Advertiser, AdvertiserToken } from '#db/models/index.ts';

/** Emails are compared and stored in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findAdvertiserByEmail(db: Knex, email: string) {
  return Advertiser.query(db)
    .whereRaw('lower(email) = ?', [normalizeEmail(email)])
    .first()
    .select('id', 'email', 'full_name', 'password_hash', 'email_confirmed_at');
}

/** What signing in needs of an account: its address and name, whether it is confirmed, whether it asked for a second step. */
export async function findAdvertiserById(db: Knex, id: number) {
  return Advertiser.query(db).findById(id).select('id', 'email', 'full_name', 'email_confirmed_at', 'second_step_at');
}

/** Turns the second step after the password on (the time it was asked for) or off (null). */
export async function setSecondStep(db: Knex, id: number, at: Date | null): Promise<void> {
  await Advertiser.query(db).findById(id).patch({ secondStepAt: at });
}

/** A new unconfirmed account; 'duplicate' when the email already has one. */
export async function insertAdvertiserAccount(
  db: Knex,
  input: { fullName: string; email: string; passwordHash: string },
  now = new Date(),
): Promise<number | 'duplicate'> {
  if (await findAdvertiserByEmail(db, input.email)) return 'duplicate';
  try {
    const account = await Advertiser.query(db).insert({
      email: normalizeEmail(input.email),
      fullName: input.fullName,
      passwordHash: input.passwordHash,
      verificationStatus: 'unverified',
      createdAt: now,
      updatedAt: now,
    });
    return account.id;
  } catch (err) {
    // Two registrations of one email at once: the unique index keeps the second out.
    if (await findAdvertiserByEmail(db, input.email)) return 'duplicate';
    throw err;
  }
}

export type TokenPurpose = AdvertiserToken['purpose'];

/** Stores a link token's hash; earlier unused ones of the same purpose stop working (only the latest mail counts). */
export async function replaceLinkToken(
  db: Knex,
  token: { tokenHash: string; advertiserId: number; purpose: TokenPurpose; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await AdvertiserToken.query(db).where({ advertiser_id: token.advertiserId, purpose: token.purpose }).whereNull('used_at').delete();
  await AdvertiserToken.query(db).insert(token);
}

export async function findLinkToken(
  db: Knex,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ advertiserId: number; expiresAt: Date; used: boolean } | null> {
  const token = await AdvertiserToken.query(db).findOne({ token_hash: tokenHash, purpose });
  return token ? { advertiserId: token.advertiserId, expiresAt: token.expiresAt, used: token.usedAt !== null } : null;
}

/** Marks a token used; false when it already was (a second use, or a double click). */
export async function spendLinkToken(db: Knex, tokenHash: string, now: Date): Promise<boolean> {
  return (await AdvertiserToken.query(db).findById(tokenHash).whereNull('used_at').patch({ usedAt: now })) > 0;
}

/** Whether the account's email is confirmed. */
export async function isEmailConfirmed(db: Knex, advertiserId: number): Promise<boolean> {
  const row = await Advertiser.query(db).findById(advertiserId).select('email_confirmed_at');
  return Boolean(row?.emailConfirmedAt);
}

export async function markEmailConfirmed(db: Knex, advertiserId: number, now: Date): Promise<void> {
  await Advertiser.query(db).findById(advertiserId).whereNull('email_confirmed_at').patch({ emailConfirmedAt: now, updatedAt: now });
}

/** A new password hash; following a reset link proves the mailbox too. Returns the account's email. */
export async function setAdvertiserPassword(db: Knex, advertiserId: number, passwordHash: string, now: Date): Promise<string> {
  const account = await Advertiser.query(db).findById(advertiserId).throwIfNotFound();
  await account.$query(db).patch({ passwordHash, emailConfirmedAt: account.emailConfirmedAt ?? now, updatedAt: now });
  return account.email;
}

export async function advertiserPasswordHash(db: Knex, advertiserId: number): Promise<string | null> {
  const account = await Advertiser.query(db).findById(advertiserId).select('password_hash');
  return account?.passwordHash ?? null;
}
