// Server-side sessions of staff and advertisers, one store for both (docs/decisions/018-sessions.md): a row per
// session keyed by the SHA-256 of its cookie's token, with the owner, the last use and the absolute end. Resuming
// a session reads it and its owner in one joined query.
import type { Knex } from 'knex';
import { AdvertiserSession, StaffSession, type Session } from '#db/models/index.ts';
import type { Admin } from '#shared/admin-permissions.ts';

export type SessionKind = 'staff' | 'advertiser';

export interface SignedInAdvertiser {
  id: number;
  email: string;
  fullName: string;
  verificationStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
}

export interface FoundSession<User> {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** null when the account may no longer sign in (a disabled staff account). */
  user: User | null;
}

const sessions = (db: Knex, kind: SessionKind) => (kind === 'staff' ? StaffSession : (AdvertiserSession as typeof Session)).query(db);

export async function insertSession(
  db: Knex,
  kind: SessionKind,
  session: { tokenHash: string; ownerId: number; createdAt: Date; expiresAt: Date; device: string | null },
): Promise<void> {
  const { tokenHash, createdAt, expiresAt, device } = session;
  const row = { tokenHash, createdAt, lastSeenAt: createdAt, expiresAt, device };
  if (kind === 'staff') await StaffSession.query(db).insert({ ...row, adminUserId: session.ownerId });
  else await AdvertiserSession.query(db).insert({ ...row, advertiserId: session.ownerId });
}

export async function findStaffSession(db: Knex, tokenHash: string): Promise<FoundSession<Admin> | null> {
  const session = await StaffSession.query(db).findById(tokenHash).withGraphJoined('owner(signedIn)');
  if (!session?.owner) return null;
  return {
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    expiresAt: session.expiresAt,
    user: session.owner.active ? session.owner.toAdmin() : null,
  };
}

export async function findAdvertiserSession(db: Knex, tokenHash: string): Promise<FoundSession<SignedInAdvertiser> | null> {
  const session = await AdvertiserSession.query(db).findById(tokenHash).withGraphJoined('owner(signedIn)');
  if (!session?.owner) return null;
  const { id, email, fullName, verificationStatus } = session.owner;
  return {
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    expiresAt: session.expiresAt,
    user: { id, email, fullName, verificationStatus },
  };
}

export async function touchSession(db: Knex, kind: SessionKind, tokenHash: string, now: Date): Promise<void> {
  await sessions(db, kind).findById(tokenHash).patch({ lastSeenAt: now });
}

export async function deleteSession(db: Knex, kind: SessionKind, tokenHash: string): Promise<void> {
  await sessions(db, kind).deleteById(tokenHash);
}

export interface SessionListing {
  tokenHash: string;
  device: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The sessions of one staff member or advertiser, the latest used first ("Sesiones activas"). */
export async function listSessionsOf(db: Knex, kind: SessionKind, ownerId: number): Promise<SessionListing[]> {
  const rows = await sessions(db, kind)
    .where(kind === 'staff' ? 'admin_user_id' : 'advertiser_id', ownerId)
    .orderBy('last_seen_at', 'desc');
  return rows.map(({ tokenHash, device, createdAt, lastSeenAt, expiresAt }) => ({ tokenHash, device, createdAt, lastSeenAt, expiresAt }));
}

/** Ends every session of one owner but the one named ("Cerrar las demás"); returns how many ended. */
export async function deleteOtherSessions(db: Knex, kind: SessionKind, ownerId: number, keepTokenHash: string): Promise<number> {
  return sessions(db, kind)
    .where(kind === 'staff' ? 'admin_user_id' : 'advertiser_id', ownerId)
    .whereNot('token_hash', keepTokenHash)
    .delete();
}

/** Ends every session of one staff member or advertiser (disabled account, new password, deleted account). */
export async function deleteSessionsOf(db: Knex, kind: SessionKind, ownerId: number): Promise<void> {
  await sessions(db, kind)
    .where(kind === 'staff' ? 'admin_user_id' : 'advertiser_id', ownerId)
    .delete();
}
