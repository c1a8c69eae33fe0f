// Who acts in the panel, and how an action is recorded: a staff action and its audit row commit together (a refusal
// thrown by the work rolls both back); a view of a sensitive file (a document, a selfie, a receipt) is recorded
// before the file is handed over.
import type { Knex } from 'knex';
import { audit, withAuditRow, type AuditRecord } from '#db/queries/admin/audit-log.ts';
import type { Admin } from '#shared/admin-permissions.ts';

/** The signed-in staff member and the address they act from (both go to the audit log). */
export interface StaffActor {
  admin: Admin;
  ip: string;
}

/** What an action writes to the audit log; who and from where come from the actor. */
export type StaffActionEntry = Pick<AuditRecord, 'action' | 'targetType' | 'targetId' | 'details'>;

const recordOf = (actor: StaffActor, entry: StaffActionEntry): AuditRecord => ({
  ...entry,
  adminUserId: actor.admin.id,
  username: actor.admin.username,
  ip: actor.ip,
});

/**
 * Runs `work` in a transaction with its audit row. The entry may depend on what the work returns (the id of a row
 * it created). Mail and other effects outside the database go after it.
 */
export function staffAction<T>(
  db: Knex,
  actor: StaffActor,
  entry: StaffActionEntry | ((result: T) => StaffActionEntry),
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  return withAuditRow(db, work, (result) => recordOf(actor, typeof entry === 'function' ? entry(result) : entry));
}

/** Records that the actor viewed something sensitive. */
export function recordStaffView(db: Knex, actor: StaffActor, entry: StaffActionEntry): Promise<void> {
  return audit(db, recordOf(actor, entry));
}
