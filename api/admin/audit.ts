// The audit log: one row per staff action and per login attempt, written by the app (never by triggers).
import type { Knex } from 'knex';

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
