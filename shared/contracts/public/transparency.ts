// The transparency report (/transparencia and /transparencia.json, docs/decisions/042-transparency-report.md): counts
// per Buenos Aires calendar month and nothing else, no identifier (the wire contract of decision 051).
import type { RefusalCategory } from '#shared/refusal-categories.ts';
import type { ReportReason } from '#shared/report-reasons.ts';

/** A rejection recorded before categories existed. */
export const UNCATEGORISED = 'sin_categoria';

export interface MonthFigures {
  /** 'YYYY-MM' (Buenos Aires). */
  month: string;
  /** The month in progress: its figures are so far. */
  current: boolean;
  /** Whether anything at all was recorded in the month (the first month listed always has; later ones may not). */
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
  /**
   * Oldest first, from the first month with data (at most 12 before the current one); the last is the current month.
   * Empty while nothing at all has been recorded.
   */
  months: MonthFigures[];
  /** When ad submissions began to be counted (ISO), or null if never. */
  adReviewsSince: string | null;
  generatedAt: string;
}
