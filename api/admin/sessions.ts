// Server-side staff sessions (docs/decisions/008-admin-sessions.md): the cookie carries a random token; the
// database keeps its SHA-256, so a copy of the table opens no session. Idle timeout 30 minutes, renewed by any
// authenticated call (the panel's 10-minute heartbeat included); absolute timeout 12 hours.
import type { Knex } from 'knex';
import { parsePermissions, type Admin } from '#shared/admin-permissions.ts';
import { hashToken, isPlausibleToken, newToken } from '#api/services/tokens.ts';

export const SESSION_COOKIE = 'velada_admin_sesion';
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is rewritten at most this often: every call renews, without a write on every call. */
const RENEW_EVERY_MS = 30 * 1000;

const time = (value: unknown) => new Date(value as string | number | Date).getTime();

export async function createSession(db: Knex, adminUserId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db('admin_sessions').insert({
    token_hash: hashToken(token),
    admin_user_id: adminUserId,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
  });
  return token;
}

/** The admin of a live session, renewing it; null (and the session deleted) when it is unknown, idle or expired. */
export async function resumeSession(db: Knex, token: string | undefined, now = new Date()): Promise<Admin | null> {
  if (!isPlausibleToken(token)) return null;
  const tokenHash = hashToken(token);
  const row = await db('admin_sessions as s')
    .join('admin_users as u', 'u.id', 's.admin_user_id')
    .where('s.token_hash', tokenHash)
    .first('s.last_seen_at', 's.expires_at', 'u.id', 'u.username', 'u.full_name', 'u.is_master', 'u.permissions', 'u.active');
  if (!row) return null;
  const idle = now.getTime() - time(row.last_seen_at) > IDLE_TIMEOUT_MS;
  if (idle || now.getTime() >= time(row.expires_at) || !row.active) {
    await db('admin_sessions').where('token_hash', tokenHash).delete();
    return null;
  }
  if (now.getTime() - time(row.last_seen_at) > RENEW_EVERY_MS) {
    await db('admin_sessions').where('token_hash', tokenHash).update({ last_seen_at: now });
  }
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    isMaster: Boolean(row.is_master),
    permissions: parsePermissions(row.permissions),
  };
}

export async function endSession(db: Knex, token: string | undefined): Promise<void> {
  if (isPlausibleToken(token)) await db('admin_sessions').where('token_hash', hashToken(token)).delete();
}

/** Ends every session of an admin (disabled account, password reset). */
export async function endSessionsOf(db: Knex, adminUserId: number): Promise<void> {
  await db('admin_sessions').where('admin_user_id', adminUserId).delete();
}
