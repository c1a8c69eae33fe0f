// "Alertas" for verified advertisers (docs/decisions/040-alertas.md): the alerts they filed and what became of them,
// looking a number up, and filing an incident against one. Only approved alerts filed in the last SAFETY_ALERT_MONTHS
// count, and a lookup never says who filed them. The number arrives already hashed (api/routes/safety-alerts/).
import type { Knex } from 'knex';
import { approvedSafetyAlertsOn, insertSafetyAlert, safetyAlertsFiledBy } from '#db/queries/safety-alerts.ts';
import { buenosAiresDate } from '#shared/dates.ts';
import {
  daysAgo,
  safetyAlertCutoff,
  safetyAlertKindLabel,
  SAFETY_ALERT_KINDS,
  SAFETY_ALERT_MONTHS,
  type OwnSafetyAlert,
  type SafetyAlertFiled,
  type ReportInput,
  type SafetyAlertKind,
  type SafetyAlertLookup,
} from '#shared/safety-alerts.ts';
import { refuse } from '#core/refusals.ts';

/** The reporter's own alerts that have not expired, newest first, each with when it stops counting. */
export async function ownSafetyAlerts(db: Knex, reporterId: number, now = new Date()): Promise<OwnSafetyAlert[]> {
  return (await safetyAlertsFiledBy(db, reporterId, safetyAlertCutoff(now))).map((alert) => {
    const expiresAt = new Date(alert.createdAt);
    expiresAt.setUTCMonth(expiresAt.getUTCMonth() + SAFETY_ALERT_MONTHS);
    return { ...alert, expiresAt: expiresAt.toISOString() };
  });
}

/** What "¿Este número tiene alertas?" answers: how many, of which kinds (most frequent first), the newest, the texts. */
export async function lookUpSafetyAlerts(db: Knex, phoneHash: string, now = new Date()): Promise<SafetyAlertLookup> {
  const alerts = (await approvedSafetyAlertsOn(db, phoneHash, safetyAlertCutoff(now)))
    .map((r) => ({ kind: r.kind, description: r.description, date: r.incidentDate ?? buenosAiresDate(r.createdAt) }))
    .sort((a, b) => b.date.localeCompare(a.date));
  const counts = new Map<SafetyAlertKind, number>();
  for (const alert of alerts) counts.set(alert.kind, (counts.get(alert.kind) ?? 0) + 1);
  const order = (kind: SafetyAlertKind) => SAFETY_ALERT_KINDS.findIndex((k) => k.value === kind);
  return {
    total: alerts.length,
    kinds: [...counts]
      .sort(([a, x], [b, y]) => y - x || order(a) - order(b))
      .map(([kind, count]) => ({ kind, label: safetyAlertKindLabel(kind), count })),
    newest: alerts[0] ? { date: alerts[0].date, daysAgo: Math.max(0, daysAgo(alerts[0].date, now)) } : null,
    alerts,
  };
}

/**
 * Files an alert for staff to moderate; refused when this reporter already has one pending or approved on the
 * number. One of theirs that expired and the job has not deleted yet no longer counts, and does not hold the number.
 */
export async function fileSafetyAlert(
  db: Knex,
  reporterId: number,
  phoneHash: string,
  input: Omit<ReportInput, 'phone'>,
  now = new Date(),
): Promise<{ id: number }> {
  const filed = await insertSafetyAlert(db, reporterId, phoneHash, input, safetyAlertCutoff(now), now);
  if (filed === 'duplicate') throw refuse('number_already_reported');
  return filed;
}

export const presentFiled = (id: number): SafetyAlertFiled => ({ id, status: 'pending' });
