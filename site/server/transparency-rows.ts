// The rows of the transparency report's tables (/transparencia, /pt/transparencia, /en/transparency;
// docs/decisions/042-transparency-report.md): what each figure is, how it is counted (the hint under its name), and
// how a month's value is written in its cell, in the page's language (shared/i18n/messages/transparency.ts).
import { UNCATEGORISED, type MonthFigures } from '#shared/contracts/public/transparency.ts';
import { REFUSAL_CATEGORIES } from '#shared/refusal-categories.ts';
import { REPORT_REASONS } from '#shared/report-reasons.ts';
import { formatCount, formatDuration } from '#shared/format.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { translator } from '#shared/i18n/translate.ts';

export interface Row {
  label: string;
  hint?: string;
  value: (m: MonthFigures) => number | null;
  kind?: 'count' | 'duration';
  sub?: boolean;
}

export interface Section {
  id: string;
  title: string;
  rows: Row[];
}

/**
 * A month's figure as its cell shows it; '—' where the figure has no value that month (a median without decisions,
 * submissions before they were counted). Months are listed from the first with data (core/transparency/), so one
 * after it with nothing recorded shows zeros.
 */
export function cellText(row: Row, m: MonthFigures, locale: Locale = 'es'): string {
  const value = row.value(m);
  if (value === null) return '—';
  return row.kind === 'duration' ? formatDuration(value, locale) : formatCount(value, locale);
}

/**
 * The three tables; `sinceText` says since when submissions are counted ("desde el 3 de agosto de 2026"), in the
 * page's language as the rows are. The section ids are the same in every language.
 */
export function transparencySections(sinceText: string, locale: Locale = 'es'): Section[] {
  const t = translator(locale);
  return [
    {
      id: 'anuncios',
      title: t('transparency.ads'),
      rows: [
        {
          label: t('transparency.adsSubmitted'),
          hint: t('transparency.adsSubmittedHint', { since: sinceText }),
          value: (m) => m.adsSubmitted,
        },
        { label: t('transparency.adsApproved'), hint: t('transparency.adsApprovedHint'), value: (m) => m.adsApproved },
        { label: t('transparency.adsRejected'), hint: t('transparency.adsRejectedHint'), value: (m) => m.adsRejected },
        ...REFUSAL_CATEGORIES.map((c) => ({
          label: t(`refusalCategories.${c.value}`),
          value: (m: MonthFigures) => m.rejectedByCategory[c.value],
          sub: true,
        })),
        {
          label: t('transparency.uncategorised'),
          hint: t('transparency.uncategorisedHint'),
          value: (m) => m.rejectedByCategory[UNCATEGORISED],
          sub: true,
        },
        { label: t('transparency.adsRemoved'), hint: t('transparency.adsRemovedHint'), value: (m) => m.adsRemoved },
        {
          label: t('transparency.medianToDecision'),
          hint: t('transparency.adMedianHint'),
          value: (m) => m.medianAdDecisionMs,
          kind: 'duration',
        },
      ],
    },
    {
      id: 'denuncias',
      title: t('transparency.reports'),
      rows: [
        { label: t('transparency.reportsReceived'), hint: t('transparency.reportsReceivedHint'), value: (m) => m.reportsReceived },
        ...REPORT_REASONS.map((r) => ({
          label: t(`reportReasons.${r.value}`),
          value: (m: MonthFigures) => m.reportsByReason[r.value],
          sub: true,
        })),
        { label: t('transparency.adsHidden'), hint: t('transparency.adsHiddenHint'), value: (m) => m.adsHiddenByReports },
        { label: t('transparency.reportsDecided'), hint: t('transparency.reportsDecidedHint'), value: (m) => m.reportsDecided },
        {
          label: t('transparency.medianToDecision'),
          hint: t('transparency.reportMedianHint'),
          value: (m) => m.medianReportDecisionMs,
          kind: 'duration',
        },
      ],
    },
    {
      id: 'verificaciones',
      title: t('transparency.verifications'),
      rows: [
        {
          label: t('transparency.verificationsApproved'),
          hint: t('transparency.verificationsApprovedHint'),
          value: (m) => m.verificationsApproved,
        },
        {
          label: t('transparency.verificationsRejected'),
          hint: t('transparency.verificationsRejectedHint'),
          value: (m) => m.verificationsRejected,
        },
        {
          label: t('transparency.verificationMedian'),
          hint: t('transparency.verificationMedianHint'),
          value: (m) => m.medianVerificationWaitMs,
          kind: 'duration',
        },
      ],
    },
  ];
}
