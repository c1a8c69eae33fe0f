// Sign-in attempts, counted before any password is checked (docs/security.md). Each attempt first takes a place
// in its buckets with one conditional UPDATE; only an attempt that got its places has its password checked, so
// parallel requests can never check more passwords than the limit allows. Buckets:
// - per account and address: ADDRESS_LIMIT attempts per window, then that address waits for the window's end
//   (an attacker locks out only their own address);
// - per account, from every address without a device cookie of that account: after ACCOUNT_FREE_ATTEMPTS, each
//   attempt must wait a growing delay (5 s, 30 s, 60 s), which caps a distributed attack without ever locking
//   the account; a browser that signed in to it before skips this bucket.
// Keys are SHA-256 hashes: the table holds neither names nor addresses.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { timestampParameter } from '#db/dialect.ts';

export const WINDOW_MS = 15 * 60_000;
export const ADDRESS_LIMIT = 5;
export const ACCOUNT_FREE_ATTEMPTS = 10;
/** [attempts reached, delay before the next one]: the higher the count in the window, the longer the wait. */
const ACCOUNT_DELAYS: [number, number][] = [
  [40, 60_000],
  [20, 30_000],
  [ACCOUNT_FREE_ATTEMPTS, 5_000],
];

export type AccountKind = 'admin' | 'advertiser';
const hash = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const accountKey = (kind: AccountKind, name: string) => hash(`${kind}:${name.trim().toLowerCase()}`);

export type Reservation = { allowed: true; attempts: number } | { allowed: false; scope: 'address' | 'account'; retryAt: Date };

/** Starts a new window for a bucket whose window has ended (or creates it), leaving a live one untouched. */
async function openWindow(db: Knex, bucket: string, account: string, now: Date): Promise<void> {
  const ended = (column: string) =>
    db.raw(`case when login_attempts.window_ends_at <= ? then ? else login_attempts.${column} end`, [
      now,
      column === 'attempts' ? 0 : null,
    ]);
  await db('login_attempts')
    .insert({ bucket, account, attempts: 0, window_ends_at: new Date(now.getTime() + WINDOW_MS), next_allowed_at: null, updated_at: now })
    .onConflict('bucket')
    .merge({
      attempts: ended('attempts'),
      next_allowed_at: ended('next_allowed_at'),
      window_ends_at: db.raw('case when login_attempts.window_ends_at <= ? then ? else login_attempts.window_ends_at end', [
        now,
        new Date(now.getTime() + WINDOW_MS),
      ]),
      updated_at: now,
    });
}

async function bucketRow(db: Knex, bucket: string) {
  return db('login_attempts').where('bucket', bucket).first('attempts', 'window_ends_at', 'next_allowed_at');
}

/**
 * Takes a place for one attempt at `name` from `address`. `trustedDevice`: the browser proved an earlier sign-in to
 * this account, so the account-wide delay does not apply. `attempts` is the account-wide count when it applies.
 */
export async function reserveAttempt(
  db: Knex,
  kind: AccountKind,
  name: string,
  address: string,
  trustedDevice: boolean,
  now = new Date(),
): Promise<Reservation & { accountAttempts?: number }> {
  const account = accountKey(kind, name);
  const addressBucket = hash(`${account}@${address}`);
  await openWindow(db, addressBucket, account, now);
  const placed = await db('login_attempts').where('bucket', addressBucket).where('attempts', '<', ADDRESS_LIMIT).increment('attempts', 1);
  if (!placed)
    return {
      allowed: false,
      scope: 'address',
      retryAt: new Date((await bucketRow(db, addressBucket))?.window_ends_at ?? now.getTime() + WINDOW_MS),
    };
  const attempts = Number((await bucketRow(db, addressBucket))?.attempts ?? 1);
  if (trustedDevice) return { allowed: true, attempts };

  await openWindow(db, account, account, now);
  const after = (ms: number) => new Date(now.getTime() + ms);
  const delay = db.raw(
    `case ${ACCOUNT_DELAYS.map(() => `when login_attempts.attempts + 1 >= ? then ${timestampParameter(db)}`).join(' ')} else null end`,
    ACCOUNT_DELAYS.flatMap(([reached, ms]) => [reached, after(ms)]),
  );
  const accountPlaced = await db('login_attempts')
    .where('bucket', account)
    .where((q) => q.whereNull('next_allowed_at').orWhere('next_allowed_at', '<=', now))
    .update({ attempts: db.raw('attempts + 1'), next_allowed_at: delay, updated_at: now });
  const row = await bucketRow(db, account);
  if (!accountPlaced) return { allowed: false, scope: 'account', retryAt: new Date(row?.next_allowed_at ?? now.getTime() + 5_000) };
  return { allowed: true, attempts, accountAttempts: Number(row?.attempts ?? 1) };
}

/** After a right password: this address starts afresh for this account (the account-wide count runs out alone). */
export async function clearAddressAttempts(db: Knex, kind: AccountKind, name: string, address: string): Promise<void> {
  await db('login_attempts')
    .where('bucket', hash(`${accountKey(kind, name)}@${address}`))
    .delete();
}

/** After a password reset, or when staff reset a password: every bucket of the account is emptied. */
export async function clearAccountAttempts(db: Knex, kind: AccountKind, name: string): Promise<void> {
  await db('login_attempts').where('account', accountKey(kind, name)).delete();
}
