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
/** (source, ad, kind) remembered a day per store: about 40 MB in a process's memory. Past it, new ones do not count. */
export const MAX_SEEN_PER_DAY = 500_000;

export interface StatsOnceOptions {
  perSource?: PerSourceCaps;
  maxSeen?: number;
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

/** The day's hash of a source: the only form in which it is ever kept (72 bits; the key is the day's). */
export function sourceTag(dayKey: Buffer, source: string): string {
  return crypto.createHmac('sha256', dayKey).update(source).digest('base64url').slice(0, 12);
}

/** What is remembered of a (source, ad, kind): the source's tag with the ad and the kind. */
export function seenMember(tag: string, event: StatEvent): string {
  return `${tag}:${event.adId}:${KIND_LETTER[event.kind]}`;
}

/** A day's key: random, never written down; a new one each day. */
export function newDayKey(): Buffer {
  return crypto.randomBytes(32);
}

interface Day {
  day: string;
  key: Buffer;
  seen: Set<string>;
  /** tag → counts against each cap. */
  bySource: Map<string, PerSourceCaps>;
  fullNoticed: boolean;
}

/** In this process's memory: one process on its own, or each process apart on PostgreSQL without Redis. */
export class MemoryStatsOnce implements StatsOnce {
  private readonly perSource: PerSourceCaps;
  private readonly maxSeen: number;
  private current: Day | null = null;

  constructor(options: StatsOnceOptions = {}) {
    this.perSource = options.perSource ?? PER_SOURCE_PER_DAY;
    this.maxSeen = options.maxSeen ?? MAX_SEEN_PER_DAY;
  }

  admit(source: string, day: string, events: StatEvent[]): StatEvent[] {
    const today = this.dayOf(day);
    const tag = sourceTag(today.key, source);
    const counts = today.bySource.get(tag) ?? { impressions: 0, views: 0, contacts: 0 };
    const admitted: StatEvent[] = [];
    for (const event of events) {
      const member = seenMember(tag, event);
      const cap = capOf(event.kind);
      if (today.seen.has(member) || counts[cap] >= this.perSource[cap]) continue;
      if (today.seen.size >= this.maxSeen) {
        noticeFull(today, this.maxSeen);
        continue;
      }
      today.seen.add(member);
      counts[cap] += 1;
      admitted.push(event);
    }
    if (admitted.length > 0) today.bySource.set(tag, counts);
    return admitted;
  }

  async close(): Promise<void> {
    this.current = null;
  }

  /** The day's state; a new day drops the last one whole, its key with it. */
  private dayOf(day: string): Day {
    if (this.current?.day !== day) {
      this.current = { day, key: newDayKey(), seen: new Set(), bySource: new Map(), fullNoticed: false };
    }
    return this.current;
  }
}

function noticeFull(day: Day, maxSeen: number): void {
  if (day.fullNoticed) return;
  day.fullNoticed = true;
  console.error(`Ad statistics: ${maxSeen} sources, ads and kinds seen today; new ones are not counted until the day ends.`);
}
