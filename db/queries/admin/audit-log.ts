// The audit log: one row per staff action and per login attempt, written by the app (never by triggers), and
// read by the panel newest first, filtered by action, username and Buenos Aires dates.
import type { Knex } from 'knex';
import { buenosAiresDayStart, shiftDate } from '#shared/dates.ts';

export interface AuditEntry {
  action: string;
  adminUserId?: number | null;
  username?: string | null;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
}

export async function audit(db: Knex, entry: AuditEntry, now = new Date()): Promise<void> {
  await db('audit_log').insert({
    created_at: now,
    admin_user_id: entry.adminUserId ?? null,
    username: entry.username?.slice(0, 64) ?? null,
    action: entry.action,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ? JSON.stringify(entry.details) : null,
    ip: entry.ip?.slice(0, 45) ?? null,
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
  const query = db('audit_log').orderBy('id', 'desc').limit(filters.limit);
  if (filters.action) void query.where('action', filters.action);
  if (filters.username) void query.whereRaw('lower(username) = ?', [filters.username.toLowerCase()]);
  if (filters.from) void query.where('created_at', '>=', buenosAiresDayStart(filters.from));
  if (filters.to) void query.where('created_at', '<', buenosAiresDayStart(shiftDate(filters.to, 0, 1)));
  return (await query).map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at).toISOString(),
    username: r.username,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    details: r.details ? JSON.parse(r.details) : null,
    ip: r.ip,
  }));
}
