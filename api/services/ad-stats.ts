// Each ad's statistics (docs/decisions/034-ad-statistics.md), counted per process and written once a second in one
// transaction: appearances in search results, page views, phone and WhatsApp contacts, per Buenos Aires day. Cached
// pages count too (the render cache keeps which ads a page shows): a write per view held cached ad pages to 4,800
// requests/s. A crash loses at most the last second's counts (a figure shown to the advertiser, not a record).
// Each source counts once per ad, kind and day, within a daily cap (stats-once.ts, decision 045); nothing about the
// visitor is kept; requests from bots and browsers' prefetches are not counted.
import type { IncomingHttpHeaders } from 'node:http';
import type { Knex } from 'knex';
import { addAdStats, type CountsToAdd } from '#db/queries/ad-stats.ts';
import { buenosAiresDate } from '#shared/dates.ts';
import { describeAgent } from '#api/http/visitor-context.ts';
import { MemoryStatsOnce, type AdStatKind, type StatEvent, type StatsOnce } from './stats-once.ts';

export type { AdStatKind } from './stats-once.ts';

/** What a rendered page showed, kept with its cached copy so that every answer from the cache counts the same. */
export interface PageShows {
  /** Ads listed as search results. */
  listed: number[];
  /** The ad of an ad page. */
  viewed: number | null;
}

/** Whether a request is a person looking: not a bot, not a prefetch the browser made on its own. */
export function isCountedVisit(headers: IncomingHttpHeaders): boolean {
  const purpose = headers['sec-purpose'] ?? headers['purpose'];
  if (typeof purpose === 'string' && purpose.includes('prefetch')) return false;
  return !describeAgent(headers['user-agent']).bot;
}

export class AdStatsCounter {
  /** day → ad → counts. */
  private pending = new Map<string, Map<number, CountsToAdd>>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly db: Knex;
  private readonly now: () => number;
  private day = '';
  private dayMinute = -1;
  private readonly once: StatsOnce;
  /** Events waiting for the shared store's word on whether they count; flush() waits for them. */
  private readonly admitting = new Set<Promise<void>>();

  /** `once` decides which events count; by default this process's memory. The counter closes it. */
  constructor(db: Knex, options: { flushEveryMs?: number; now?: () => number; once?: StatsOnce } = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
    this.once = options.once ?? new MemoryStatsOnce();
    this.timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 1_000);
    this.timer.unref();
  }

  /** One event of a visit from `source` (api/http/request-source.ts), if the source has not counted it today. */
  count(adId: number, kind: AdStatKind, source: string): void {
    this.admit(source, [{ adId, kind }]);
  }

  /** What a page showed to a visit from `source`: each ad once a day for the source. */
  countPage(shows: PageShows, source: string): void {
    const events: StatEvent[] = shows.listed.map((adId) => ({ adId, kind: 'impressions' }));
    if (shows.viewed !== null) events.push({ adId: shows.viewed, kind: 'views' });
    this.admit(source, events);
  }

  private admit(source: string, events: StatEvent[]): void {
    if (events.length === 0) return;
    const day = this.today();
    const admitted = this.once.admit(source, day, events);
    if (Array.isArray(admitted)) return this.add(day, admitted);
    const settled: Promise<void> = admitted
      .then(
        (counted) => this.add(day, counted),
        (err: Error) => console.error('Ad statistics: events not counted:', err.message),
      )
      .finally(() => this.admitting.delete(settled));
    this.admitting.add(settled);
  }

  private add(day: string, events: StatEvent[]): void {
    for (const { adId, kind } of events) this.entry(day, adId)[kind] += 1;
  }

  private entry(day: string, adId: number): CountsToAdd {
    let ads = this.pending.get(day);
    if (!ads) this.pending.set(day, (ads = new Map()));
    let counts = ads.get(adId);
    if (!counts) ads.set(adId, (counts = { adId, day, impressions: 0, views: 0, phoneReveals: 0, whatsappOpens: 0 }));
    return counts;
  }

  /** Buenos Aires' date, formatted again only when the minute changes (cached pages count at thousands a second). */
  private today(): string {
    const now = this.now();
    const minute = Math.floor(now / 60_000);
    if (minute !== this.dayMinute) {
      this.dayMinute = minute;
      this.day = buenosAiresDate(new Date(now));
    }
    return this.day;
  }

  /** Writes what was counted; a failed write keeps the counts for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      await Promise.allSettled([...this.admitting]);
      if (this.pending.size === 0) return;
      const counted = this.pending;
      this.pending = new Map();
      const rows = [...counted.values()].flatMap((ads) => [...ads.values()]);
      try {
        await addAdStats(this.db, rows);
      } catch (err) {
        for (const row of rows) {
          const counts = this.entry(row.day, row.adId);
          counts.impressions += row.impressions;
          counts.views += row.views;
          counts.phoneReveals += row.phoneReveals;
          counts.whatsappOpens += row.whatsappOpens;
        }
        console.error('Ad statistics could not be written; kept for the next try:', (err as Error).message);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    await this.once.close();
  }
}
