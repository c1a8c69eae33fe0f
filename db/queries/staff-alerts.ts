// Alerts for staff: something that needs a person soon (an ad hidden by a report, a hiding report left waiting
// over 24 hours, a password attack on an account, a second step failing after a right password, a staff account
// signing in from a new browser). Shown at the top of the panel to the admins who hold the
// permission (null: the super admin only) until one of them marks it seen; core/mail/staff-alerts.ts also mails
// them when STAFF_ALERT_EMAIL is set.
import type { Knex } from 'knex';
import { insertedId } from '#db/dialect.ts';

import type { StaffAlertKind } from '#shared/contracts/staff/overview.ts';

export type { StaffAlertKind };

export interface StaffAlert {
  id: number;
  kind: StaffAlertKind;
  message: string;
  adId: number | null;
  createdAt: string;
}

export async function createStaffAlert(
  db: Knex,
  alert: { kind: StaffAlertKind; permission: string | null; message: string; adId?: number | null },
  now = new Date(),
): Promise<number> {
  const [row] = await db('staff_alerts')
    .insert({
      kind: alert.kind,
      permission: alert.permission,
      message: alert.message.slice(0, 1000),
      ad_id: alert.adId ?? null,
      created_at: now,
    })
    .returning('id');
  return insertedId(row);
}

/** Unseen alerts this admin may see: the super admin sees all, a partner those of the permissions they hold. */
export async function unseenStaffAlerts(db: Knex, viewer: { isMaster: boolean; permissions: string[] }, limit = 50): Promise<StaffAlert[]> {
  const query = db('staff_alerts').whereNull('seen_at').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  if (!viewer.isMaster) query.whereIn('permission', viewer.permissions.length ? viewer.permissions : ['']);
  return (await query.select('id', 'kind', 'message', 'ad_id', 'created_at')).map((r) => ({
    id: r.id,
    kind: r.kind,
    message: r.message,
    adId: r.ad_id,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Marks an alert seen; false when it does not exist, was already seen, or is not this admin's to see. */
export async function markStaffAlertSeen(
  db: Knex,
  id: number,
  viewer: { id: number; isMaster: boolean; permissions: string[] },
  now = new Date(),
): Promise<boolean> {
  const query = db('staff_alerts').where('id', id).whereNull('seen_at');
  if (!viewer.isMaster) query.whereIn('permission', viewer.permissions.length ? viewer.permissions : ['']);
  return (await query.update({ seen_at: now, seen_by: viewer.id })) > 0;
}
