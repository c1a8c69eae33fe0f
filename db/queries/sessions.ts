// Server-side sessions of staff and advertisers, one store for both (docs/decisions/018-sessions.md): a row per
// session keyed by the SHA-256 of its cookie's token, with the owner, the last use and the absolute end.
import type { Knex } from 'knex';

export type SessionKind = 'staff' | 'advertiser';

const TABLES: Record<SessionKind, { table: string; owner: string }> = {
  staff: { table: 'admin_sessions', owner: 'admin_user_id' },
  advertiser: { table: 'advertiser_sessions', owner: 'advertiser_id' },
};

export interface SessionRow {
  ownerId: number;
  lastSeenAt: Date;
  expiresAt: Date;
}

export async function insertSession(
  db: Knex,
  kind: SessionKind,
  session: { tokenHash: string; ownerId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  const { table, owner } = TABLES[kind];
  await db(table).insert({
    token_hash: session.tokenHash,
    [owner]: session.ownerId,
    created_at: session.createdAt,
    last_seen_at: session.createdAt,
    expires_at: session.expiresAt,
  });
}

export async function findSession(db: Knex, kind: SessionKind, tokenHash: string): Promise<SessionRow | null> {
  const { table, owner } = TABLES[kind];
  const row = await db(table).where('token_hash', tokenHash).first(`${owner} as owner_id`, 'last_seen_at', 'expires_at');
  return row ? { ownerId: Number(row.owner_id), lastSeenAt: new Date(row.last_seen_at), expiresAt: new Date(row.expires_at) } : null;
}

export async function touchSession(db: Knex, kind: SessionKind, tokenHash: string, now: Date): Promise<void> {
  await db(TABLES[kind].table).where('token_hash', tokenHash).update({ last_seen_at: now });
}

export async function deleteSession(db: Knex, kind: SessionKind, tokenHash: string): Promise<void> {
  await db(TABLES[kind].table).where('token_hash', tokenHash).delete();
}

/** Ends every session of one staff member or advertiser (disabled account, new password, deleted account). */
export async function deleteSessionsOf(db: Knex, kind: SessionKind, ownerId: number): Promise<void> {
  const { table, owner } = TABLES[kind];
  await db(table).where(owner, ownerId).delete();
}
