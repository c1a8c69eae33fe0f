// Service times in the database (docs/decisions/065-service-times.md): the waits of the decisions made in a window,
// read from the records each kind already keeps, and the figures the hourly job stores in service_times for every
// process to show. Durations only: no identifier leaves this module.
//
// What each wait runs from and to:
// - identity verification: verification_requests.submitted_at → decided_at (approved or rejected);
// - ad review: ad_reviews.submitted_at → decided_at (approve, reject or take down of a waiting ad);
// - photo verification: photo_verification_requests.submitted_at (the selfie sent) → decided_at;
// - report: reports.created_at → decided_at (resolved or dismissed).
import type { Knex } from 'knex';
import { PhotoVerificationRequest, Report, VerificationRequest } from '#db/models/index.ts';
import type { ServiceKind, ServiceTime } from '#shared/contracts/public/service-times.ts';

/** ad_reviews and service_times have no model (logs, not entities): their timestamps are read here. */
const time = (value: unknown): Date => new Date(value as string | number | Date);
const waitOf = (from: unknown, to: unknown) => time(to).getTime() - time(from).getTime();

/** Every wait, in milliseconds, of the decisions made at or after `from` and before `to`, by kind, in no order. */
export async function decidedWaits(db: Knex, from: Date, to: Date): Promise<Record<ServiceKind, number[]>> {
  const [identity, reviews, photos, reports] = await Promise.all([
    VerificationRequest.query(db)
      .whereIn('status', ['approved', 'rejected'])
      .where('decided_at', '>=', from)
      .where('decided_at', '<', to)
      .select('submitted_at', 'decided_at'),
    db('ad_reviews').where('decided_at', '>=', from).where('decided_at', '<', to).select('submitted_at', 'decided_at'),
    PhotoVerificationRequest.query(db)
      .whereIn('status', ['approved', 'rejected'])
      .whereNotNull('submitted_at')
      .where('decided_at', '>=', from)
      .where('decided_at', '<', to)
      .select('submitted_at', 'decided_at'),
    Report.query(db).where('decided_at', '>=', from).where('decided_at', '<', to).select('created_at', 'decided_at'),
  ]);
  return {
    identity_verification: identity.map((r) => waitOf(r.submittedAt, r.decidedAt)),
    ad_review: reviews.map((r) => waitOf(r.submitted_at, r.decided_at)),
    photo_verification: photos.map((r) => waitOf(r.submittedAt, r.decidedAt)),
    report: reports.map((r) => waitOf(r.createdAt, r.decidedAt)),
  };
}

export interface StoredServiceTimes {
  windowStart: Date;
  computedAt: Date;
  times: ServiceTime[];
}

/** Replaces the stored figures (one row per kind) in one transaction: a reader sees the old set or the new one. */
export async function saveServiceTimes(db: Knex, figures: StoredServiceTimes): Promise<void> {
  await db.transaction(async (trx) => {
    for (const t of figures.times) {
      await trx('service_times')
        .insert({
          kind: t.kind,
          decisions: t.decisions,
          median_ms: t.medianMs,
          p95_ms: t.p95Ms,
          window_start: figures.windowStart,
          computed_at: figures.computedAt,
        })
        .onConflict('kind')
        .merge();
    }
  });
}

/** The figures the hourly job stored last; an empty list before its first run. */
export async function readServiceTimes(db: Knex): Promise<(ServiceTime & { windowStart: Date; computedAt: Date })[]> {
  const rows = await db('service_times').select('kind', 'decisions', 'median_ms', 'p95_ms', 'window_start', 'computed_at');
  // PostgreSQL returns bigint as text.
  const ms = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return rows.map((r) => ({
    kind: r.kind as ServiceKind,
    decisions: Number(r.decisions),
    medianMs: ms(r.median_ms),
    p95Ms: ms(r.p95_ms),
    windowStart: time(r.window_start),
    computedAt: time(r.computed_at),
  }));
}
