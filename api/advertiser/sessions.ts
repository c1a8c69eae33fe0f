// Advertiser sessions (docs/decisions/010-advertiser-accounts.md): like the staff's (decision 008) but longer,
// since advertisers come back over days to edit, renew and pay: 14 days idle, 30 days at most, and the cookie
// is SameSite=Lax so that arriving from a mailed link keeps the session.
import type { Knex } from 'knex';
import { hashToken, isPlausibleToken, newToken } from '#api/services/tokens.ts';

export const ADVERTISER_COOKIE = 'velada_sesion';
export const IDLE_TIMEOUT_MS = 14 * 86_400_000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 86_400_000;
const RENEW_EVERY_MS = 60 * 60 * 1000;

export interface SignedInAdvertiser {
  id: number;
  email: string;
  fullName: string;
  verificationStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
}

const time = (value: unknown) => new Date(value as string | number | Date).getTime();

export async function createAdvertiserSession(db: Knex, advertiserId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db('advertiser_sessions').insert({
    token_hash: hashToken(token),
    advertiser_id: advertiserId,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
  });
  return token;
}

/** The advertiser of a live session, renewing it; null (and the session deleted) when unknown, idle or expired. */
export async function resumeAdvertiserSession(db: Knex, token: string | undefined, now = new Date()): Promise<SignedInAdvertiser | null> {
  if (!isPlausibleToken(token)) return null;
  const tokenHash = hashToken(token);
  const row = await db('advertiser_sessions as s')
    .join('advertisers as a', 'a.id', 's.advertiser_id')
    .where('s.token_hash', tokenHash)
    .first('s.last_seen_at', 's.expires_at', 'a.id', 'a.email', 'a.full_name', 'a.verification_status');
  if (!row) return null;
  const idleFor = now.getTime() - time(row.last_seen_at);
  if (idleFor > IDLE_TIMEOUT_MS || now.getTime() >= time(row.expires_at)) {
    await db('advertiser_sessions').where('token_hash', tokenHash).delete();
    return null;
  }
  if (idleFor > RENEW_EVERY_MS) await db('advertiser_sessions').where('token_hash', tokenHash).update({ last_seen_at: now });
  return { id: row.id, email: row.email, fullName: row.full_name, verificationStatus: row.verification_status };
}

export async function endAdvertiserSession(db: Knex, token: string | undefined): Promise<void> {
  if (isPlausibleToken(token)) await db('advertiser_sessions').where('token_hash', hashToken(token)).delete();
}

export async function endAdvertiserSessionsOf(db: Knex, advertiserId: number): Promise<void> {
  await db('advertiser_sessions').where('advertiser_id', advertiserId).delete();
}
