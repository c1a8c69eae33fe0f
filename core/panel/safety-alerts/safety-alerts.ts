// Safety alerts in the panel (permission 'view_reports', like reports; decision 040): the list by state with who
// filed each and how many other alerts its number has, every alert on one number (for whoever asks to see or
// correct what is said about theirs), and the decisions. Every decision is audited; an audit row names the alert or
// the search, never a number (none is kept).
import type { Knex } from 'knex';
import {
  decideSafetyAlert,
  listSafetyAlertsForStaff,
  type SafetyAlertDecision,
  type SafetyAlertReview as ReviewRow,
} from '#db/queries/safety-alerts.ts';
import type { SafetyAlertDecided, SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';
import type { SafetyAlertStatus } from '#shared/safety-alerts.ts';
import { refuse, type RefusalReason } from '#core/refusals.ts';
import { staffAction, type StaffActor, type StaffActionEntry } from '../staff-action.ts';

const DECIDED: Record<SafetyAlertDecision, SafetyAlertDecided['status']> = {
  approve: 'approved',
  reject: 'rejected',
  withdraw: 'withdrawn',
};

/** Why a decision was refused: the alert was decided meanwhile, or (to withdraw it) it is not approved. */
const REFUSALS = {
  approve: 'safety_alert_already_decided',
  reject: 'safety_alert_already_decided',
  withdraw: 'safety_alert_not_approved',
} as const satisfies Record<SafetyAlertDecision, RefusalReason>;

export function presentSafetyAlert(row: ReviewRow): SafetyAlertReview {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    incidentDate: row.incidentDate,
    status: row.status,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt,
    reporter: { id: row.reporter.id, name: row.reporter.name, email: row.reporter.email },
    sameNumber: { ...row.sameNumber },
  };
}

export async function safetyAlertsFor(db: Knex, status: SafetyAlertStatus): Promise<SafetyAlertReview[]> {
  return (await listSafetyAlertsForStaff(db, { status })).map(presentSafetyAlert);
}

/** Every alert on the number whose stored form is `phoneHash`; the search is audited, the number is not recorded. */
export async function safetyAlertsOnNumber(db: Knex, actor: StaffActor, phoneHash: string): Promise<SafetyAlertReview[]> {
  const found = await staffAction(
    db,
    actor,
    (rows: ReviewRow[]) => ({ action: 'safety_alerts_searched', targetType: 'safety_alert', details: { found: rows.length } }),
    (trx) => listSafetyAlertsForStaff(trx, { phoneHash }),
  );
  return found.map(presentSafetyAlert);
}

/** approve or reject a pending alert, withdraw an approved one; the reason (reject, withdraw) goes to whoever filed it. */
export async function decideAlert(
  db: Knex,
  actor: StaffActor,
  id: number,
  decision: SafetyAlertDecision,
  reason: string | null,
): Promise<SafetyAlertDecided> {
  const status = DECIDED[decision];
  const entry: StaffActionEntry = {
    action: `safety_alert_${status}`,
    targetType: 'safety_alert',
    targetId: id,
    ...(reason === null ? {} : { details: { reason } }),
  };
  await staffAction(db, actor, entry, async (trx) => {
    const result = await decideSafetyAlert(trx, id, decision, { adminId: actor.admin.id, reason });
    if (result === 'missing') throw refuse('safety_alert_missing');
    if (result === 'not_allowed') throw refuse(REFUSALS[decision]);
  });
  return { success: true, status };
}
