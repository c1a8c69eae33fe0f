// Which ad statistics count (docs/decisions/045-statistics-once-per-source.md): each source (api/http/request-source.ts)
// counts once per ad, kind and Buenos Aires day, and at most so many events a day across all ads. The source enters only
// as a keyed hash whose key is made for the day, held in memory (here) or in Redis (stats-once-redis.ts), and dropped
// with the day: nothing kept links two days, and nothing identifying is written anywhere.
import crypto from 'node:crypto';

export type AdStatKind = 'impressions' | 'views' | 'phoneReveals' | 'whatsappOpens';

export interface StatEvent {
  adId: number;
  kind: AdStatKind;
}

/** What a source may have counted in one day, across all ads: appearances, views, contacts (phone and WhatsApp). */
export interface PerSourceCaps {
  impressions: number;
  views: number;
  contacts: number;
}

/** About 40 pages of results, 150 ad pages, 40 contacts: past a person browsing, well short of a flood's effect. */
export const PER_SOURCE_PER_DAY: PerSourceCaps = { impressions: 1_000, views: 150, contacts: 40 };
/** (source, ad, kind) remembered a day per store. Past it, new ones do not count until the day ends. */
export const MAX_SEEN_PER_DAY = 1_000_000;
/**
 * Sources remembered a day in a process's memory; past it, new sources do not count. At both bounds a process holds
 * about 30 MB (measured: 100,000 sources with 1 or 10 ads each).
 */
export const MAX_SOURCES_PER_DAY = 100_000;

export interface StatsOnceOptions {
  perSource?: PerSourceCaps;
  maxSeen?: number;
  maxSources?: number;
}

export interface StatsOnce {
  /** Of these events of one source on `day`, the ones that count: new for the day, within the source's caps. */
  admit(source: string, day: string, events: StatEvent[]): StatEvent[] | Promise<StatEvent[]>;
  close(): Promise<void>;
}

/** The cap an event counts against. */
export function capOf(kind: AdStatKind): keyof PerSourceCaps {
  return kind === 'phoneReveals' || kind === 'whatsappOpens' ? 'contacts' : kind;
}

const KIND_LETTER: Record<AdStatKind, string> = { impressions: 'i', views: 'v', phoneReveals: 'p', whatsappOpens: 'w' };

/**
 * The day's hash of a source: the only form in which it is ever kept (72 bits). SHA-256 of the day's secret key and
 * the source: a keyed hash at a twentieth of an HMAC's cost (every cached page counts); the hash is never shown to
 * anyone, so nothing can be appended to it.
 */
export function sourceTag(dayKey: string, source: string): string {
  return crypto.hash('sha256', `${dayKey}\n${source}`, 'base64url').slice(0, 12);
}

/** What Redis remembers of a (source, ad, kind): the source's tag with the ad and the kind. */
export function seenMember(tag: string, event: StatEvent): string {
  return `${tag}:${event.adId}:${KIND_LETTER[event.kind]}`;
}

/** What memory remembers of an (ad, kind) under a source's tag: a small integer, cheap to keep and to look up. */
function seenCode(event: StatEvent): number {
  return event.adId * 4 + KIND_INDEX[event.kind];
}

const KIND_INDEX: Record<AdStatKind, number> = { impressions: 0, views: 1, phoneReveals: 2, whatsappOpens: 3 };

/** A day's key: 256 random bits, never written to the database or a log; a new one each day. */
export function newDayKey(): string {
  return crypto.randomBytes(32).toString('base64');
}

interface SourceDay {
  seen: Set<number>;
  counts: PerSourceCaps;
}

interface Day {
  day: string;
  key: string;
  /** tag → what the source counted today. */
  sources: Map<string, SourceDay>;
  /** (source, ad, kind) remembered, across sources: bounded by maxSeen. */
  size: number;
  fullNoticed: boolean;
}

/** In this process's memory: one process on its own, or each process apart on PostgreSQL without Redis. */
export class MemoryStatsOnce implements StatsOnce {
  private readonly perSource: PerSourceCaps;
  private readonly maxSeen: number;
  private readonly maxSources: number;
  private current: Day | null = null;

  constructor(options: StatsOnceOptions = {}) {
    this.perSource = options.perSource ?? PER_SOURCE_PER_DAY;
    this.maxSeen = options.maxSeen ?? MAX_SEEN_PER_DAY;
    this.maxSources = options.maxSources ?? MAX_SOURCES_PER_DAY;
  }

  admit(source: string, day: string, events: StatEvent[]): StatEvent[] {
    const today = this.dayOf(day);
    const tag = sourceTag(today.key, source);
    let mine = today.sources.get(tag);
    const admitted: StatEvent[] = [];
    for (const event of events) {
      const code = seenCode(event);
      const cap = capOf(event.kind);
      if (mine && (mine.seen.has(code) || mine.counts[cap] >= this.perSource[cap])) continue;
      if (today.size >= this.maxSeen || (!mine && today.sources.size >= this.maxSources)) {
        noticeFull(today);
        continue;
      }
      if (!mine) today.sources.set(tag, (mine = { seen: new Set(), counts: { impressions: 0, views: 0, contacts: 0 } }));
      if (mine.counts[cap] >= this.perSource[cap]) continue;
      mine.seen.add(code);
      mine.counts[cap] += 1;
      today.size += 1;
      admitted.push(event);
    }
    return admitted;
  }

  async close(): Promise<void> {
    this.current = null;
  }

  /** The day's state; a new day drops the last one whole, its key with it. */
  private dayOf(day: string): Day {
    if (this.current?.day !== day) {
      this.current = { day, key: newDayKey(), sources: new Map(), size: 0, fullNoticed: false };
    }
    return this.current;
  }
}

function noticeFull(day: Day): void {
  if (day.fullNoticed) return;
  day.fullNoticed = true;
  console.error(
    `Ad statistics: ${day.sources.size} sources and ${day.size} of their ads seen today, as many as memory keeps; new ones are not counted until the day ends.`,
  );
}
