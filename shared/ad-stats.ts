// An ad's statistics as its advertiser and staff read them (docs/decisions/034-ad-statistics.md): daily counts
// over a period, the funnel they make (appearances → views → contacts) and how the ad compares with the median ad
// of its category and plan. Pure: the stats page renders it on the server, the admin panel in the browser.
import { shiftDate } from './dates.ts';
import type { Plan } from './catalogue.ts';

export const STATS_PERIODS = [30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
/** How long daily counts are kept: 13 months, like visitor analytics' raw events. */
export const STATS_RETENTION_MONTHS = 13;

export interface DailyCounts {
  /** 'YYYY-MM-DD', Buenos Aires. */
  day: string;
  impressions: number;
  views: number;
  phoneReveals: number;
  whatsappOpens: number;
}

export interface Totals {
  impressions: number;
  views: number;
  /** Phone reveals and WhatsApp opens together. */
  contacts: number;
}

/** A span of the chart worth marking: a paid plan in force, or a "Disponible ahora" window. */
export interface StatsMarker {
  kind: 'plan' | 'available';
  /** For plans, which one. */
  plan?: Plan;
  /** ISO instants; the chart clips them to its period. */
  from: string;
  until: string;
}

export interface AdStats {
  period: StatsPeriod;
  /** First and last day of the period, inclusive. */
  from: string;
  to: string;
  days: DailyCounts[];
  totals: Totals;
  /** The median ad of the same category and plan over the same period, and how many ads it was taken over. */
  median: Totals & { ads: number; category: string; plan: Plan };
  markers: StatsMarker[];
}

export function parsePeriod(raw: string | null | undefined): StatsPeriod {
  return STATS_PERIODS.find((p) => String(p) === raw) ?? 30;
}

/** The period's first day: `period` days ending today, today included. */
export function periodStart(today: string, period: StatsPeriod): string {
  return shiftDate(today, 0, -(period - 1));
}

/** One row per day of the period, in order, with zeros for days nothing was counted. */
export function fillDays(rows: DailyCounts[], from: string, to: string): DailyCounts[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: DailyCounts[] = [];
  for (let day = from; day <= to; day = shiftDate(day, 0, 1))
    days.push(byDay.get(day) ?? { day, impressions: 0, views: 0, phoneReveals: 0, whatsappOpens: 0 });
  return days;
}

export function totalsOf(days: DailyCounts[]): Totals {
  const totals = { impressions: 0, views: 0, contacts: 0 };
  for (const d of days) {
    totals.impressions += d.impressions;
    totals.views += d.views;
    totals.contacts += d.phoneReveals + d.whatsappOpens;
  }
  return totals;
}

/** The median of each total taken separately (the middle ad for views need not be the middle one for contacts). */
export function medianTotals(all: Totals[]): Totals {
  const median = (values: number[]) => {
    if (values.length === 0) return 0;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return {
    impressions: median(all.map((t) => t.impressions)),
    views: median(all.map((t) => t.views)),
    contacts: median(all.map((t) => t.contacts)),
  };
}

/** A share as a percentage with one decimal ("12,5 %"), or "—" when there was nothing to share. */
export function formatRate(part: number, whole: number): string {
  if (whole === 0) return '—';
  return `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format((100 * part) / whole)} %`;
}
