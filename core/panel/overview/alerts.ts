// The alerts at the top of the panel: each admin reads the unseen ones of the permissions they hold, and marking
// one seen is an audited action.
import type { Knex } from 'knex';
import { markStaffAlertSeen, unseenStaffAlerts, type StaffAlert } from '#db/queries/staff-alerts.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import type { StaffAlertItem } from '#shared/contracts/staff/overview.ts';
import { refuse } from '#core/refusals.ts';
import { staffAction, type StaffActor } from '../staff-action.ts';

export function presentStaffAlert(alert: StaffAlert): StaffAlertItem {
  return { id: alert.id, kind: alert.kind, message: alert.message, createdAt: alert.createdAt };
}

export async function staffAlertsFor(db: Knex, admin: Admin): Promise<StaffAlertItem[]> {
  return (await unseenStaffAlerts(db, admin)).map(presentStaffAlert);
}

export async function markAlertSeen(db: Knex, actor: StaffActor, id: number): Promise<void> {
  await staffAction(db, actor, { action: 'alert_seen', targetType: 'staff_alert', targetId: id }, async (trx) => {
    if (!(await markStaffAlertSeen(trx, id, actor.admin))) throw refuse('staff_alert_missing');
  });
}
