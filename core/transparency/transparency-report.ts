// The transparency report (/transparencia and /transparencia.json, docs/decisions/042-transparency-report.md): per
// Buenos Aires calendar month, the last 12 closed months and the current one so far, from the first with data,
// figures counted from the records db/queries/transparency.ts reads and nothing else: ads sent to review, approved,
// rejected (each by its category) and taken down by staff, reports by reason and those that hid an ad, the median
// times to a decision and identity verifications decided. Counts only: no identifier.
import type { Knex } from 'knex';
import { transparencyRecords, type TransparencyRecords } from '#db/queries/transparency.ts';
import { UNCATEGORISED, type MonthFigures, type TransparencyReport } from '#shared/contracts/public/transparency.ts';
import { REFUSAL_CATEGORIES, type RefusalCategory } from '#shared/refusal-categories.ts';
import { REPORT_REASONS, type ReportReason } from '#shared/report-reasons.ts';
import { buenosAiresMonth, median, monthStart } from './months.ts';

/** How many closed months the report shows before the current one. */
export const REPORT_MONTHS = 12;

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

/** A rejection's category as the report shows it: one of the catalogue's, or "uncategorised" (older rows). */
function refusalCategory(category: unknown): RefusalCategory | typeof UNCATEGORISED {
  return REFUSAL_CATEGORIES.some((c) => c.value === category) ? (category as RefusalCategory) : UNCATEGORISED;
}

type Waits = Record<'ad' | 'report' | 'verification', Map<string, number[]>>;

/** Adds every record to its month's figures; the waits to a decision are kept aside for the medians. */
function tally(records: TransparencyRecords, at: (when: Date) => MonthFigures | null): Waits {
  const waits: Waits = { ad: new Map(), report: new Map(), verification: new Map() };
  const addWait = (kind: keyof Waits, figures: MonthFigures, from: Date, to: Date) => {
    const list = waits[kind].get(figures.month) ?? [];
    list.push(to.getTime() - from.getTime());
    waits[kind].set(figures.month, list);
  };
  for (const when of records.submissions) {
    const figures = at(when);
    if (figures) figures.adsSubmitted! += 1;
  }
  for (const review of records.reviews) {
    const figures = at(review.decidedAt);
    if (figures) addWait('ad', figures, review.submittedAt, review.decidedAt);
  }
  for (const decision of records.adDecisions) {
    const figures = at(decision.at);
    if (!figures) continue;
    if (decision.action === 'ad_approved') figures.adsApproved += 1;
    else if (decision.action === 'ad_removed') figures.adsRemoved += 1;
    else {
      figures.adsRejected += 1;
      figures.rejectedByCategory[refusalCategory(decision.category)] += 1;
    }
  }
  for (const report of records.reports) {
    const figures = at(report.at);
    if (!figures) continue;
    figures.reportsReceived += 1;
    if (report.reason in figures.reportsByReason) figures.reportsByReason[report.reason as ReportReason] += 1;
    else figures.reportsByReason.otro += 1;
    if (report.hidAd) figures.adsHiddenByReports += 1;
  }
  for (const decision of records.reportDecisions) {
    const figures = at(decision.decidedAt);
    if (!figures) continue;
    figures.reportsDecided += 1;
    addWait('report', figures, decision.createdAt, decision.decidedAt);
  }
  for (const decision of records.verificationDecisions) {
    const figures = at(decision.decidedAt);
    if (!figures) continue;
    if (decision.approved) figures.verificationsApproved += 1;
    else figures.verificationsRejected += 1;
    addWait('verification', figures, decision.submittedAt, decision.decidedAt);
  }
  return waits;
}

/** The medians, whether the month has anything at all, and no submission figure before they were counted. */
function finish(figures: MonthFigures, waits: Waits, adReviewsSince: Date | null): void {
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
  if (!adReviewsSince || monthStart(figures.month, 1).getTime() <= adReviewsSince.getTime()) figures.adsSubmitted = null;
}

/** The report for the 12 months before `now`'s and `now`'s own so far, from the first of them with data. */
export async function transparencyReport(db: Knex, now = new Date()): Promise<TransparencyReport> {
  const currentMonth = buenosAiresMonth(now);
  const months = new Map<string, MonthFigures>();
  for (let offset = -REPORT_MONTHS; offset <= 0; offset++) {
    const month = buenosAiresMonth(monthStart(currentMonth, offset));
    months.set(month, emptyMonth(month, offset === 0));
  }
  const records = await transparencyRecords(db, monthStart(currentMonth, -REPORT_MONTHS));
  // The month's figures for an instant in the window (null past `now`: a clock set back would not count them).
  const at = (when: Date): MonthFigures | null => (when.getTime() > now.getTime() ? null : (months.get(buenosAiresMonth(when)) ?? null));
  const waits = tally(records, at);
  for (const figures of months.values()) finish(figures, waits, records.adReviewsSince);
  // From the first month with anything recorded: the months before the site had data say nothing. Later months stay,
  // empty or not; with no data at all there are none.
  const listed = [...months.values()];
  const first = listed.findIndex((figures) => figures.hasData);
  return {
    months: first === -1 ? [] : listed.slice(first),
    adReviewsSince: records.adReviewsSince?.toISOString() ?? null,
    generatedAt: now.toISOString(),
  };
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
