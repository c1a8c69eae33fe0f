// "Alertas" (docs/decisions/040-alertas.md): incidents verified advertisers report against a phone number, kept
// only as a keyed hash of the number (made by the caller with ALERT_PHONE_KEY: ./alert-phone-key.ts, decision 046). Staff moderate them; lookups count approved alerts filed in the last 12
// months (core/safety/safety-alerts.ts), and the hourly job deletes older ones. Who filed an alert is read here only
// for its filer and for staff.
import type { Knex } from 'knex';
import { insertedId, isUniqueViolation } from '#db/dialect.ts';
import { isoOrNull } from '#shared/dates.ts';
import {
  safetyAlertCutoff,
  type OwnSafetyAlert,
  type ReportInput,
  type SafetyAlertKind,
  type SafetyAlertStatus,
} from '#shared/safety-alerts.ts';

const toIso = (value: unknown) => isoOrNull(value)!;

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
      await trx('safety_alerts').where({ phone_hash: phoneHash, reporter_id: reporterId }).where('created_at', '<', since).delete();
      const [row] = await trx('safety_alerts')
        .insert({
          phone_hash: phoneHash,
          reporter_id: reporterId,
          kind: input.kind,
          description: input.description,
          incident_date: input.incidentDate,
          status: 'pending',
          created_at: now,
        })
        .returning('id');
      return { id: insertedId(row) };
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
): Promise<{ kind: SafetyAlertKind; description: string; incidentDate: string | null; createdAt: Date }[]> {
  const rows: { kind: SafetyAlertKind; description: string; incident_date: string | null; created_at: unknown }[] = await db(
    'safety_alerts',
  )
    .where({ phone_hash: phoneHash, status: 'approved' })
    .where('created_at', '>=', since)
    .select('kind', 'description', 'incident_date', 'created_at');
  return rows.map((r) => ({
    kind: r.kind,
    description: r.description,
    incidentDate: r.incident_date,
    createdAt: new Date(toIso(r.created_at)),
  }));
}

const ownColumns = ['id', 'kind', 'description', 'incident_date', 'status', 'decision_reason', 'created_at'] as const;

/** What the reporter and staff both read of an alert (never its number: there is none). */
function alertFromRow(r: Record<string, unknown>): Omit<OwnSafetyAlert, 'expiresAt'> {
  return {
    id: r.id as number,
    kind: r.kind as SafetyAlertKind,
    description: r.description as string,
    incidentDate: r.incident_date as string | null,
    status: r.status as SafetyAlertStatus,
    decisionReason: r.decision_reason as string | null,
    createdAt: toIso(r.created_at),
  };
}

/** The alerts a reporter filed since `since`, newest first. */
export async function safetyAlertsFiledBy(db: Knex, reporterId: number, since: Date): Promise<Omit<OwnSafetyAlert, 'expiresAt'>[]> {
  const rows = await db('safety_alerts')
    .where('reporter_id', reporterId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select(...ownColumns);
  return rows.map(alertFromRow);
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
  const query = db('safety_alerts as s').join('advertisers as a', 'a.id', 's.reporter_id');
  if ('status' in filter) query.where('s.status', filter.status);
  else query.where('s.phone_hash', filter.phoneHash);
  const rows = await query
    .where('s.created_at', '>=', cutoff)
    .orderBy('s.created_at', direction)
    .orderBy('s.id', direction)
    .limit(200)
    .select(
      's.id',
      's.phone_hash',
      's.kind',
      's.description',
      's.incident_date',
      's.status',
      's.decision_reason',
      's.created_at',
      's.decided_at',
      's.reporter_id',
      'a.full_name',
      'a.email',
    );
  const hashes = [...new Set(rows.map((r) => r.phone_hash as string))];
  const counts: { phone_hash: string; status: SafetyAlertStatus; n: number | string }[] = hashes.length
    ? await db('safety_alerts')
        .whereIn('phone_hash', hashes)
        .where('created_at', '>=', cutoff)
        .groupBy('phone_hash', 'status')
        .select('phone_hash', 'status')
        .count({ n: '*' })
    : [];
  return rows.map((r) => {
    const sameNumber: Record<SafetyAlertStatus, number> = { pending: 0, approved: 0, rejected: 0, withdrawn: 0 };
    for (const c of counts) if (c.phone_hash === r.phone_hash) sameNumber[c.status] += Number(c.n);
    sameNumber[r.status as SafetyAlertStatus] -= 1;
    return {
      ...alertFromRow(r),
      decidedAt: isoOrNull(r.decided_at),
      reporter: { id: r.reporter_id, name: r.full_name, email: r.email },
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
  const changed = await db('safety_alerts')
    .where({ id, status: from })
    .update({ status: to, decision_reason: by.reason, decided_at: now, decided_by: by.adminId });
  if (changed > 0) return 'done';
  return (await db('safety_alerts').where('id', id).first('id')) ? 'not_allowed' : 'missing';
}

/** Deletes every alert filed more than 12 months ago, whatever its state. Returns how many went. */
export function deleteExpiredSafetyAlerts(db: Knex, now = new Date()): Promise<number> {
  return db('safety_alerts').where('created_at', '<', safetyAlertCutoff(now)).delete();
}

/** The alerts an advertiser filed, for their data download: what they wrote and what became of it (no number is kept). */
export async function safetyAlertsForExport(db: Knex, reporterId: number) {
  const rows = await db('safety_alerts')
    .where('reporter_id', reporterId)
    .orderBy('id')
    .select(...ownColumns, 'decided_at');
  return rows.map((r) => ({
    kind: r.kind as string,
    description: r.description as string,
    incidentDate: r.incident_date as string | null,
    status: r.status as string,
    decisionReason: r.decision_reason as string | null,
    createdAt: toIso(r.created_at),
    decidedAt: isoOrNull(r.decided_at),
  }));
}

/** Deletes an advertiser's alerts (with the account, decision 040). */
export function deleteSafetyAlertsOf(db: Knex, reporterId: number): Promise<number> {
  return db('safety_alerts').where('reporter_id', reporterId).delete();
}
