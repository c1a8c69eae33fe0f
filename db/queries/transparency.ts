// The transparency report (/transparencia, docs/decisions/042-transparency-report.md): per Buenos Aires calendar
// month, the last 12 closed months and the current one so far, figures counted from the tables and nothing else:
// ads sent to review (ad_reviews), approved, rejected and taken down by staff (the audit log, each rejection by its
// category), reports by reason and those that hid an ad (reports), the median times to a decision (ad_reviews,
// reports, verification_requests) and identity verifications decided. No identifier leaves this module.
//
// Each source is read once for the whole window by an indexed timestamp range, selecting only the timestamps and
// the category; months are assigned in JS by one function (buenosAiresMonth), so both dialects bucket alike.
import type { Knex } from 'knex';
import { buenosAiresDate, buenosAiresDayStart } from '#shared/dates.ts';
import { REPORT_REASONS, type ReportReason } from '#shared/report-reasons.ts';
import { REFUSAL_CATEGORIES, type RefusalCategory } from '#shared/refusal-categories.ts';

/** How many closed months the report shows before the current one. */
export const REPORT_MONTHS = 12;
/** The settings row migration 029 wrote: from when ad_reviews counts submissions. */
export const AD_REVIEWS_SINCE_KEY = 'ad_reviews_since';
/** A rejection recorded before categories existed. */
export const UNCATEGORISED = 'sin_categoria';

/** 'YYYY-MM': the Buenos Aires calendar month of an instant. The one place months are decided. */
export function buenosAiresMonth(when: Date): string {
  return buenosAiresDate(when).slice(0, 7);
}

/** The first instant of a 'YYYY-MM' month in Buenos Aires, and of the month `offset` months later. */
export function monthStart(month: string, offset = 0): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  const year = Math.floor(index / 12);
  return buenosAiresDayStart(`${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`);
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface MonthFigures {
  /** 'YYYY-MM' (Buenos Aires). */
  month: string;
  /** The month in progress: its figures are so far. */
  current: boolean;
  /** Whether anything at all was recorded in the month (otherwise the page shows "—" throughout). */
  hasData: boolean;
  /** Ads that entered the review queue (new or edited); null for months before they were counted. */
  adsSubmitted: number | null;
  adsApproved: number;
  adsRejected: number;
  rejectedByCategory: Record<RefusalCategory | typeof UNCATEGORISED, number>;
  /** Ads staff took down (published or waiting), with a reason. */
  adsRemoved: number;
  /** Median milliseconds from an ad entering review to staff's decision, over decisions in the month. */
  medianAdDecisionMs: number | null;
  adDecisionsTimed: number;
  reportsReceived: number;
  reportsByReason: Record<ReportReason, number>;
  /** Reports that hid a published ad at once (a possible minor or trafficking). */
  adsHiddenByReports: number;
  reportsDecided: number;
  medianReportDecisionMs: number | null;
  verificationsApproved: number;
  verificationsRejected: number;
  medianVerificationWaitMs: number | null;
}

export interface TransparencyReport {
  /** Oldest first; the last is the current month. */
  months: MonthFigures[];
  /** When ad submissions began to be counted (ISO), or null if never. */
  adReviewsSince: string | null;
  generatedAt: string;
}

const zeroes = <K extends string>(keys: readonly K[]): Record<K, number> =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

function emptyMonth(month: string, current: boolean): MonthFigures {
  return {
    month,
    current,
    hasData: false,
    adsSubmitted: 0,
    adsApproved: 0,
    adsRejected: 0,
    rejectedByCategory: zeroes([...REFUSAL_CATEGORIES.map((c) => c.value), UNCATEGORISED]),
    adsRemoved: 0,
    medianAdDecisionMs: null,
    adDecisionsTimed: 0,
    reportsReceived: 0,
    reportsByReason: zeroes(REPORT_REASONS.map((r) => r.value)),
    adsHiddenByReports: 0,
    reportsDecided: 0,
    medianReportDecisionMs: null,
    verificationsApproved: 0,
    verificationsRejected: 0,
    medianVerificationWaitMs: null,
  };
}

const time = (value: unknown): Date => new Date(value as string | number | Date);

function categoryOf(details: unknown): RefusalCategory | typeof UNCATEGORISED {
  let parsed = details;
  if (typeof details === 'string') {
    try {
      parsed = JSON.parse(details);
    } catch {
      return UNCATEGORISED;
    }
  }
  const category = (parsed as { category?: unknown } | null)?.category;
  return REFUSAL_CATEGORIES.some((c) => c.value === category) ? (category as RefusalCategory) : UNCATEGORISED;
}

/** The report for the 12 months before `now`'s and `now`'s own so far. */
export async function transparencyReport(db: Knex, now = new Date()): Promise<TransparencyReport> {
  const currentMonth = buenosAiresMonth(now);
  const from = monthStart(currentMonth, -REPORT_MONTHS);
  const months = new Map<string, MonthFigures>();
  for (let offset = -REPORT_MONTHS; offset <= 0; offset++) {
    const month = buenosAiresMonth(monthStart(currentMonth, offset));
    months.set(month, emptyMonth(month, offset === 0));
  }
  /** The month's figures for an instant in the window (null past `now`: a clock set back would not count them). */
  const at = (when: Date): MonthFigures | null => (when.getTime() > now.getTime() ? null : (months.get(buenosAiresMonth(when)) ?? null));
  const waits = { ad: new Map<string, number[]>(), report: new Map<string, number[]>(), verification: new Map<string, number[]>() };
  const addWait = (kind: keyof typeof waits, figures: MonthFigures, ms: number) => {
    const list = waits[kind].get(figures.month) ?? [];
    list.push(ms);
    waits[kind].set(figures.month, list);
  };

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

  for (const row of submitted) {
    const figures = at(time(row.submitted_at));
    if (figures) figures.adsSubmitted! += 1;
  }
  for (const row of decided) {
    const figures = at(time(row.decided_at));
    if (figures) addWait('ad', figures, time(row.decided_at).getTime() - time(row.submitted_at).getTime());
  }
  for (const row of decisions) {
    const figures = at(time(row.created_at));
    if (!figures) continue;
    if (row.action === 'ad_approved') figures.adsApproved += 1;
    else if (row.action === 'ad_removed') figures.adsRemoved += 1;
    else {
      figures.adsRejected += 1;
      figures.rejectedByCategory[categoryOf(row.details)] += 1;
    }
  }
  for (const row of reported) {
    const figures = at(time(row.created_at));
    if (!figures) continue;
    figures.reportsReceived += 1;
    if (row.reason in figures.reportsByReason) figures.reportsByReason[row.reason as ReportReason] += 1;
    else figures.reportsByReason.otro += 1;
    if (row.hid_ad === true || row.hid_ad === 1) figures.adsHiddenByReports += 1;
  }
  for (const row of reportsDecided) {
    const figures = at(time(row.decided_at));
    if (!figures) continue;
    figures.reportsDecided += 1;
    addWait('report', figures, time(row.decided_at).getTime() - time(row.created_at).getTime());
  }
  for (const row of verifications) {
    const figures = at(time(row.decided_at));
    if (!figures) continue;
    if (row.status === 'approved') figures.verificationsApproved += 1;
    else figures.verificationsRejected += 1;
    addWait('verification', figures, time(row.decided_at).getTime() - time(row.submitted_at).getTime());
  }

  const sinceDate = since ? new Date(since.value as string) : null;
  for (const figures of months.values()) {
    const ad = waits.ad.get(figures.month) ?? [];
    figures.medianAdDecisionMs = median(ad);
    figures.adDecisionsTimed = ad.length;
    figures.medianReportDecisionMs = median(waits.report.get(figures.month) ?? []);
    figures.medianVerificationWaitMs = median(waits.verification.get(figures.month) ?? []);
    figures.hasData =
      (figures.adsSubmitted ?? 0) +
        figures.adsApproved +
        figures.adsRejected +
        figures.adsRemoved +
        figures.reportsReceived +
        figures.reportsDecided +
        figures.verificationsApproved +
        figures.verificationsRejected +
        ad.length >
      0;
    // A month that ended before submissions were counted has no such figure (not zero).
    if (!sinceDate || monthStart(figures.month, 1).getTime() <= sinceDate.getTime()) figures.adsSubmitted = null;
  }
  return { months: [...months.values()], adReviewsSince: sinceDate?.toISOString() ?? null, generatedAt: now.toISOString() };
}

const cached = new WeakMap<Knex, { until: number; month: string; report: Promise<TransparencyReport> }>();
/** How long one process reuses a computed report: monthly figures need not be to the second. */
export const REPORT_CACHE_MS = 10 * 60_000;

/**
 * The report as the public page and its download read it: computed at most once per REPORT_CACHE_MS per process
 * (and again when the month turns), so an anonymous page never reads the tables on every request.
 */
export function cachedTransparencyReport(db: Knex, now = new Date()): Promise<TransparencyReport> {
  const hit = cached.get(db);
  if (hit && hit.until > now.getTime() && hit.month === buenosAiresMonth(now)) return hit.report;
  const report = transparencyReport(db, now);
  cached.set(db, { until: now.getTime() + REPORT_CACHE_MS, month: buenosAiresMonth(now), report });
  // A failed read is not kept: the next request tries again.
  report.catch(() => cached.delete(db));
  return report;
}
