// What both kinds of inbox share: how an item is stored, and what a drain reports.
import type { AnalyticsItem } from '#db/queries/analytics-ingest.ts';

export interface DrainResult {
  /** Items taken from the inbox (written, or dropped as refused). */
  taken: number;
  /** Items the database refused alone: dropped, so that one bad item never blocks the inbox. */
  refused: number;
  /** Whether the inbox held more than this chunk when it was read: the drain goes on at once instead of waiting. */
  more: boolean;
}

/** An item, or the items of one commit, as the inbox stores them (JSON). */
export function toInbox(stored: AnalyticsItem | AnalyticsItem[]): string {
  return JSON.stringify(stored);
}

/** The items stored as one text, their dates revived. */
export function fromInbox(text: string): AnalyticsItem[] {
  const stored = JSON.parse(text) as (AnalyticsItem & { at: string }) | (AnalyticsItem & { at: string })[];
  return (Array.isArray(stored) ? stored : [stored]).map((item) => ({ ...item, at: new Date(item.at) }));
}
