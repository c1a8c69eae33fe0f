// What the transparency report counts (core/transparency/, docs/decisions/042-transparency-report.md), read from
// the tables: ads sent to review (ad_reviews), staff's decisions on ads (the audit log), reports, and identity
// verifications decided. Timestamps, reasons and categories only: no identifier leaves this module.
//
// Each source is read once for the whole window by an indexed timestamp range, selecting only the timestamps and
// the category; the report puts them in months (in JS, by one function, so both dialects bucket alike).
import type { Knex } from 'knex';

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

const time = (value: unknown): Date => new Date(value as string | number | Date);

/** The `category` of an audit row's details (JSON text on SQLite, parsed on PostgreSQL); undefined without one. */
function categoryOf(details: unknown): unknown {
  let parsed = details;
  if (typeof details === 'string') {
    try {
      parsed = JSON.parse(details);
    } catch {
      return undefined;
    }
  }
  return (parsed as { category?: unknown } | null)?.category;
}

/** Everything the report counts that happened at or after `from`. */
export async function transparencyRecords(db: Knex, from: Date): Promise<TransparencyRecords> {
  const [submitted, decided, decisions, reported, reportsDecided, verifications, since] = await Promise.all([
    db('ad_reviews').where('submitted_at', '>=', from).select('submitted_at'),
    db('ad_reviews').where('decided_at', '>=', from).select('submitted_at', 'decided_at'),
    db('audit_log')
      .whereIn('action', ['ad_approved', 'ad_rejected', 'ad_removed'])
      .where('created_at', '>=', from)
      .select('action', 'created_at', 'details'),
    db('reports').where('created_at', '>=', from).select('reason', 'hid_ad', 'created_at'),
    db('reports').where('decided_at', '>=', from).select('created_at', 'decided_at'),
    db('verification_requests')
      .where('decided_at', '>=', from)
      .whereIn('status', ['approved', 'rejected'])
      .select('status', 'submitted_at', 'decided_at'),
    db('settings').where('key', AD_REVIEWS_SINCE_KEY).first('value'),
  ]);
  return {
    submissions: submitted.map((r) => time(r.submitted_at)),
    reviews: decided.map((r) => ({ submittedAt: time(r.submitted_at), decidedAt: time(r.decided_at) })),
    adDecisions: decisions.map((r) => ({ action: r.action as StaffAdDecision, at: time(r.created_at), category: categoryOf(r.details) })),
    reports: reported.map((r) => ({ reason: String(r.reason), hidAd: r.hid_ad === true || r.hid_ad === 1, at: time(r.created_at) })),
    reportDecisions: reportsDecided.map((r) => ({ createdAt: time(r.created_at), decidedAt: time(r.decided_at) })),
    verificationDecisions: verifications.map((r) => ({
      approved: r.status === 'approved',
      submittedAt: time(r.submitted_at),
      decidedAt: time(r.decided_at),
    })),
    adReviewsSince: since ? new Date(since.value as string) : null,
  };
}
