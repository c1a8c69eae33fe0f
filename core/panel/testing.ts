// Helpers of the panel core's tests: an actor for a staff account, and the audit rows an action left.
import type { Knex } from 'knex';
import type { Admin } from '#shared/admin-permissions.ts';
import type { SealedFiles } from './files.ts';
import type { StaffActor } from './staff-action.ts';

export const actorOf = (admin: Admin): StaffActor => ({ admin, ip: '203.0.113.7' });

export function auditRows(db: Knex, action: string, targetId?: number): Promise<Record<string, unknown>[]> {
  const query = db('audit_log').where('action', action);
  if (targetId !== undefined) void query.where('target_id', String(targetId));
  return query.orderBy('id');
}

/** Details as stored: JSON text on SQLite, an object on PostgreSQL. */
export const detailsOf = (row: Record<string, unknown> | undefined): unknown =>
  typeof row?.details === 'string' ? JSON.parse(row.details) : row?.details;

/** Sealed files that hand back the key they were asked for, and remember what was read. */
export function fakeFiles(): SealedFiles & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read: async (fileKey, folder) => {
      reads.push(folder ? `${folder}/${fileKey}` : fileKey);
      return Buffer.from(`bytes of ${fileKey}`);
    },
  };
}
