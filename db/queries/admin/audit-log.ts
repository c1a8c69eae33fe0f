// The audit log: one row per staff action and per login attempt, written by the app (never by triggers), and
// read by the panel newest first, filtered by action, username and Buenos Aires dates.
import type { Knex } from 'knex';
import { buenosAiresDayStart, shiftDate } from '#shared/dates.ts';
import { AuditEntry } from '#db/models/index.ts';
import type { AuditAction, AuditTarget } from '#shared/audit-actions.ts';

/** What a staff action or sign-in attempt records. */
export interface AuditRecord {
  action: AuditAction;
  adminUserId?: number | null;
  username?: string | null;
  targetType?: AuditTarget;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
}

export async function audit(db: Knex, entry: AuditRecord, now = new Date()): Promise<void> {
  await AuditEntry.query(db).insert({
    createdAt: now,
    adminUserId: entry.adminUserId ?? null,
    username: entry.username?.slice(0, 64) ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? null,
    ip: entry.ip?.slice(0, 45) ?? null,
  });
}

/**
 * Runs a staff action and writes its audit row in one transaction: both commit, or neither (a refusal thrown by
 * `work` rolls back both). The entry may depend on what the work returns (the id of a row it created).
 */
export async function withAuditRow<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  entry: (result: T) => AuditRecord,
  now = new Date(),
): Promise<T> {
  return db.transaction(async (trx) => {
    const result = await work(trx);
    await audit(trx, entry(result), now);
    return result;
  });
}

export interface AuditLogEntry {
  id: number;
  createdAt: string;
  username: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
  ip: string | null;
}

export async function listAuditLog(
  db: Knex,
  filters: { action?: string; username?: string; from?: string; to?: string; limit: number },
): Promise<AuditLogEntry[]> {
  const query = AuditEntry.query(db).orderBy('id', 'desc').limit(filters.limit);
  if (filters.action) void query.where('action', filters.action);
  if (filters.username) void query.whereRaw('lower(username) = ?', [filters.username.toLowerCase()]);
  if (filters.from) void query.where('created_at', '>=', buenosAiresDayStart(filters.from));
  if (filters.to) void query.where('created_at', '<', buenosAiresDayStart(shiftDate(filters.to, 0, 1)));
  return (await query).map((e) => ({
    id: Number(e.id),
    createdAt: e.createdAt.toISOString(),
    username: e.username,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    details: e.details,
    ip: e.ip,
  }));
}
