// "Alertas" (docs/decisions/040-alertas.md): incidents verified advertisers report against a phone number, kept
// only as a keyed hash of the number (made by the caller with ALERT_PHONE_KEY: ./alert-phone-key.ts, decision 046). Staff moderate them; lookups count approved alerts filed in the last 12
// months (core/safety/safety-alerts.ts), and the hourly job deletes older ones. Who filed an alert is read here only
// for its filer and for staff.
import type { Knex } from 'knex';
import { isUniqueViolation } from '#db/dialect.ts';
import { SafetyAlert } from '#db/models/index.ts';
import { safetyAlertCutoff, type OwnSafetyAlert, type ReportInput, type SafetyAlertStatus } from '#shared/safety-alerts.ts';

/**
 * A new alert for staff to moderate, on the number whose stored form is `phoneHash` (alertPhoneHash), in one
 * transaction with the deletion of this reporter's alerts on the number filed before `since` (expired: they no longer
 * count, and must not hold the number either); 'duplicate' when this reporter already has one pending or approved on it.
 */
export async function insertSafetyAlert(
  db: Knex,
  reporterId: number,
  phoneHash: string,
  input: Omit<ReportInput, 'phone'>,
  since: Date,
  now: Date,
): Promise<{ id: number } | 'duplicate'> {
  try {
    return await db.transaction(async (trx) => {
      await SafetyAlert.query(trx).where({ phone_hash: phoneHash, reporter_id: reporterId }).where('created_at', '<', since).delete();
      const { id } = await SafetyAlert.query(trx).insert({
        phoneHash,
        reporterId,
        kind: input.kind,
        description: input.description,
        incidentDate: input.incidentDate,
        status: 'pending',
        createdAt: now,
      });
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

/** The approved alerts on a number (its stored form) filed since `since`, without who filed them. */
export async function approvedSafetyAlertsOn(
  db: Knex,
  phoneHash: string,
  since: Date,
): Promise<Pick<SafetyAlert, 'kind' | 'description' | 'incidentDate' | 'createdAt'>[]> {
  return SafetyAlert.query(db)
    .where({ phone_hash: phoneHash, status: 'approved' })
    .where('created_at', '>=', since)
    .select('kind', 'description', 'incident_date', 'created_at');
}

const ownColumns = ['id', 'kind', 'description', 'incident_date', 'status', 'decision_reason', 'created_at'] as const;

/** What the reporter and staff both read of an alert (never its number: there is none). */
function ownView(a: SafetyAlert): Omit<OwnSafetyAlert, 'expiresAt'> {
  return {
    id: a.id,
    kind: a.kind,
    description: a.description,
    incidentDate: a.incidentDate,
    status: a.status,
    decisionReason: a.decisionReason,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The alerts a reporter filed since `since`, newest first. */
export async function safetyAlertsFiledBy(db: Knex, reporterId: number, since: Date): Promise<Omit<OwnSafetyAlert, 'expiresAt'>[]> {
  const alerts = await SafetyAlert.query(db)
    .where('reporter_id', reporterId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select(...ownColumns);
  return alerts.map(ownView);
}

/** An alert as staff review it: with who filed it, and how many other unexpired alerts the same number has. */
export interface SafetyAlertReview extends Omit<OwnSafetyAlert, 'expiresAt'> {
  decidedAt: string | null;
  reporter: { id: number; name: string; email: string };
  /** Other alerts on the same number, by status (this one left out). */
  sameNumber: Record<SafetyAlertStatus, number>;
}

/**
 * The unexpired alerts in one status (the pending oldest first, the queue; the others newest first), or every alert on
 * one number (a rectification request); at most 200.
 */
export async function listSafetyAlertsForStaff(
  db: Knex,
  filter: { status: SafetyAlertStatus } | { phoneHash: string },
  now = new Date(),
): Promise<SafetyAlertReview[]> {
  const cutoff = safetyAlertCutoff(now);
  const direction = 'status' in filter && filter.status === 'pending' ? 'asc' : 'desc';
  const alerts = await SafetyAlert.query(db)
    .withGraphJoined('reporter(contact)')
    .modifiers({ contact: (q) => q.select('id', 'full_name', 'email') })
    .where('status' in filter ? { 'safety_alerts.status': filter.status } : { 'safety_alerts.phone_hash': filter.phoneHash })
    .where('safety_alerts.created_at', '>=', cutoff)
    .orderBy('safety_alerts.created_at', direction)
    .orderBy('safety_alerts.id', direction)
    .limit(200);
  const hashes = [...new Set(alerts.map((a) => a.phoneHash))];
  // An aggregate: Knex's builder (decision 019).
  const counts: { phone_hash: string; status: SafetyAlertStatus; n: number | string }[] = hashes.length
    ? await db('safety_alerts')
        .whereIn('phone_hash', hashes)
        .where('created_at', '>=', cutoff)
        .groupBy('phone_hash', 'status')
        .select('phone_hash', 'status')
        .count({ n: '*' })
    : [];
  return alerts.map((a) => {
    const sameNumber: Record<SafetyAlertStatus, number> = { pending: 0, approved: 0, rejected: 0, withdrawn: 0 };
    for (const c of counts) if (c.phone_hash === a.phoneHash) sameNumber[c.status] += Number(c.n);
    sameNumber[a.status] -= 1;
    const reporter = a.reporter!;
    return {
      ...ownView(a),
      decidedAt: a.decidedAt?.toISOString() ?? null,
      reporter: { id: reporter.id, name: reporter.fullName, email: reporter.email },
      sameNumber,
    };
  });
}

/** Which state each staff decision starts from and leads to. */
export const SAFETY_ALERT_DECISIONS = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  withdraw: { from: 'approved', to: 'withdrawn' },
} as const satisfies Record<string, { from: SafetyAlertStatus; to: SafetyAlertStatus }>;
export type SafetyAlertDecision = keyof typeof SAFETY_ALERT_DECISIONS;

/** Staff's decision on an alert; 'missing' when there is no such alert, 'not_allowed' when its state does not allow it. */
export async function decideSafetyAlert(
  db: Knex,
  id: number,
  decision: SafetyAlertDecision,
  by: { adminId: number; reason: string | null },
  now = new Date(),
): Promise<'done' | 'missing' | 'not_allowed'> {
  const { from, to } = SAFETY_ALERT_DECISIONS[decision];
  const changed = await SafetyAlert.query(db)
    .findById(id)
    .where('status', from)
    .patch({ status: to, decisionReason: by.reason, decidedAt: now, decidedBy: by.adminId });
  if (changed > 0) return 'done';
  return (await SafetyAlert.query(db).findById(id).select('id')) ? 'not_allowed' : 'missing';
}

/** Deletes every alert filed more than 12 months ago, whatever its state. Returns how many went. */
export async function deleteExpiredSafetyAlerts(db: Knex, now = new Date()): Promise<number> {
  return SafetyAlert.query(db).where('created_at', '<', safetyAlertCutoff(now)).delete();
}

/** The alerts an advertiser filed, for their data download: what they wrote and what became of it (no number is kept). */
export async function safetyAlertsForExport(db: Knex, reporterId: number) {
  const alerts = await SafetyAlert.query(db)
    .where('reporter_id', reporterId)
    .orderBy('id')
    .select(...ownColumns, 'decided_at');
  return alerts.map((a) => {
    const { id: _id, ...own } = ownView(a);
    return { ...own, decidedAt: a.decidedAt?.toISOString() ?? null };
  });
}

/** Deletes an advertiser's alerts (with the account, decision 040). */
export async function deleteSafetyAlertsOf(db: Knex, reporterId: number): Promise<number> {
  return SafetyAlert.query(db).where('reporter_id', reporterId).delete();
}
