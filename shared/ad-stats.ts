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

/** What was counted under one of the ad's covers over the period (docs/decisions/034-ad-statistics.md, amended 2026-11-28). */
export interface CoverStats {
  photoId: number;
  /** The photo's thumbnail while it exists; null once deleted ("foto eliminada"). */
  thumbnail: string | null;
  /** Whether it is the ad's cover now. */
  current: boolean;
  /** First and last day something was counted under it, and on how many days. */
  firstDay: string;
  lastDay: string;
  days: number;
  impressions: number;
  views: number;
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
  /** The covers with something counted in the period, the earliest first. */
  covers: CoverStats[];
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

/**
 * The cover with the best click-through rate (views / appearances) among those that appeared; null when none
 * appeared or the best rate is shared, since then none of them did better.
 */
export function bestCover(covers: CoverStats[]): CoverStats | null {
  const rated = covers.filter((c) => c.impressions > 0).map((c) => ({ cover: c, rate: c.views / c.impressions }));
  if (rated.length < 2) return null;
  rated.sort((a, b) => b.rate - a.rate);
  return rated[0]!.rate > rated[1]!.rate ? rated[0]!.cover : null;
}
