// Calendar months in Buenos Aires and medians: how the transparency report puts instants in months and sums them up.
import { buenosAiresDate, buenosAiresDayStart } from '#shared/dates.ts';

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
