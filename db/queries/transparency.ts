// What the transparency report counts (core/transparency/, docs/decisions/042-transparency-report.md), read from
// the tables: ads sent to review (ad_reviews), staff's decisions on ads (the audit log), reports, and identity
// verifications decided. Timestamps, reasons and categories only: no identifier leaves this module.
//
// Each source is read once for the whole window by an indexed timestamp range, selecting only the timestamps and
// the category; the report puts them in months (in JS, by one function, so both dialects bucket alike).
import type { Knex } from 'knex';
import { AuditEntry, Report, Setting, VerificationRequest } from '#db/models/index.ts';

/** The settings row migration 029 wrote: from when ad_reviews counts submissions. */
export const AD_REVIEWS_SINCE_KEY = 'ad_reviews_since';

export type StaffAdDecision = 'ad_approved' | 'ad_rejected' | 'ad_removed';

export interface TransparencyRecords {
  /** Ads entering the review queue. */
  submissions: Date[];
  /** Review decisions: when the ad entered review and when staff decided. */
  reviews: { submittedAt: Date; decidedAt: Date }[];
  /** Staff's decisions on ads, with the category recorded in the audit row's details (any value, or undefined). */
  adDecisions: { action: StaffAdDecision; at: Date; category: unknown }[];
  reports: { reason: string; hidAd: boolean; at: Date }[];
  reportDecisions: { createdAt: Date; decidedAt: Date }[];
  verificationDecisions: { approved: boolean; submittedAt: Date; decidedAt: Date }[];
  /** When ad submissions began to be counted; null if never. */
  adReviewsSince: Date | null;
}

/** ad_reviews has no model (it is not an entity: a log of submissions); its timestamps are read here. */
const time = (value: unknown): Date => new Date(value as string | number | Date);

/** Everything the report counts that happened at or after `from`. */
export async function transparencyRecords(db: Knex, from: Date): Promise<TransparencyRecords> {
  const [submitted, decided, decisions, reported, reportsDecided, verifications, since] = await Promise.all([
    db('ad_reviews').where('submitted_at', '>=', from).select('submitted_at'),
    db('ad_reviews').where('decided_at', '>=', from).select('submitted_at', 'decided_at'),
    AuditEntry.query(db)
      .whereIn('action', ['ad_approved', 'ad_rejected', 'ad_removed'])
      .where('created_at', '>=', from)
      .select('action', 'created_at', 'details'),
    Report.query(db).where('created_at', '>=', from).select('reason', 'hid_ad', 'created_at'),
    Report.query(db).where('decided_at', '>=', from).select('created_at', 'decided_at'),
    VerificationRequest.query(db)
      .where('decided_at', '>=', from)
      .whereIn('status', ['approved', 'rejected'])
      .select('status', 'submitted_at', 'decided_at'),
    Setting.query(db).findById(AD_REVIEWS_SINCE_KEY).select('value'),
  ]);
  return {
    submissions: submitted.map((r) => time(r.submitted_at)),
    reviews: decided.map((r) => ({ submittedAt: time(r.submitted_at), decidedAt: time(r.decided_at) })),
    adDecisions: decisions.map((r) => ({ action: r.action as StaffAdDecision, at: r.createdAt, category: r.details?.category })),
    reports: reported.map((r) => ({ reason: r.reason, hidAd: r.hidAd, at: r.createdAt })),
    reportDecisions: reportsDecided.map((r) => ({ createdAt: r.createdAt, decidedAt: r.decidedAt! })),
    verificationDecisions: verifications.map((r) => ({
      approved: r.status === 'approved',
      submittedAt: r.submittedAt,
      decidedAt: r.decidedAt!,
    })),
    // The value is an ISO instant (migration 029).
    adReviewsSince: since ? new Date(since.value) : null,
  };
}
