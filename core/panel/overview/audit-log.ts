// Registro de actividad: the audit log newest first, filtered by action, username and Buenos Aires dates.
import type { Knex } from 'knex';
import { listAuditLog, type AuditLogEntry } from '#db/queries/admin/audit-log.ts';
import type { AuditLogItem } from '#shared/contracts/staff/overview.ts';

export interface AuditLogFilters {
  action?: string | undefined;
  username?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
}

export function presentAuditEntry(entry: AuditLogEntry): AuditLogItem {
  return {
    id: entry.id,
    createdAt: entry.createdAt,
    username: entry.username,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details,
    ip: entry.ip,
  };
}

export async function auditLog(db: Knex, filters: AuditLogFilters): Promise<AuditLogItem[]> {
  return (await listAuditLog(db, filters)).map(presentAuditEntry);
}
