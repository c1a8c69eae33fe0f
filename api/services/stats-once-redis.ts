// Which ad statistics count, shared by every process through Redis (REDIS_URL; docs/decisions/045): the day's key,
// the day's seen-set and each source's counts live in Redis until an hour after the Buenos Aires day ends, under
// names that carry the day. One script decides all of a visit's events at once, so two processes never both count
// one. A Redis that does not answer leaves each process deciding in its own memory meanwhile (as rate limits do).
import type { Redis } from 'ioredis';
import { buenosAiresDayStart } from '#shared/dates.ts';
import { connectRedis } from './rate-limit-store.ts';
import {
  capOf,
  MAX_SEEN_PER_DAY,
  MemoryStatsOnce,
  newDayKey,
  PER_SOURCE_PER_DAY,
  seenMember,
  sourceTag,
  type PerSourceCaps,
  type StatEvent,
  type StatsOnce,
  type StatsOnceOptions,
} from './stats-once.ts';

const DAY_MS = 86_400_000;
const KEPT_AFTER_DAY_MS = 3_600_000;

/**
 * KEYS: the day's seen-set, the day's counts per source. ARGV: the seen-set's bound, when the keys expire (ms), then
 * per event its member, its source's field and that field's cap. Answers per event 1 (counts), 0 (seen or capped),
 * -1 (the seen-set is full).
 */
const ADMIT_SCRIPT = `
local seen, bySource = KEYS[1], KEYS[2]
local out, added = {}, 0
for i = 3, #ARGV, 3 do
  local verdict = 0
  if redis.call('SISMEMBER', seen, ARGV[i]) == 0
    and tonumber(redis.call('HGET', bySource, ARGV[i + 1]) or '0') < tonumber(ARGV[i + 2]) then
    if redis.call('SCARD', seen) < tonumber(ARGV[1]) then
      redis.call('SADD', seen, ARGV[i])
      redis.call('HINCRBY', bySource, ARGV[i + 1], 1)
      verdict, added = 1, added + 1
    else
      verdict = -1
    end
  end
  out[#out + 1] = verdict
end
if added > 0 then
  redis.call('PEXPIREAT', seen, ARGV[2])
  redis.call('PEXPIREAT', bySource, ARGV[2])
end
return out`;

type WithAdmit = Redis & {
  veladaAdmitStats(seen: string, bySource: string, ...args: (string | number)[]): Promise<number[]>;
};

export interface RedisStatsOnceOptions extends StatsOnceOptions {
  /** Starts every key; tests give each file its own. */
  keyPrefix?: string;
}

export class RedisStatsOnce implements StatsOnce {
  private readonly redis: WithAdmit;
  private readonly prefix: string;
  private readonly perSource: PerSourceCaps;
  private readonly maxSeen: number;
  /** Decides while Redis does not answer. */
  private readonly fallback: MemoryStatsOnce;
  private key: { day: string; value: string } | null = null;
  private fullNoticedOn = '';
  private failureNoticedAt = 0;

  /** Over `redis` (made by connectRedis or redisClient), which close() closes. */
  constructor(redis: Redis, options: RedisStatsOnceOptions = {}) {
    redis.defineCommand('veladaAdmitStats', { numberOfKeys: 2, lua: ADMIT_SCRIPT });
    this.redis = redis as WithAdmit;
    this.prefix = options.keyPrefix ?? 'velada:ad-stats';
    this.perSource = options.perSource ?? PER_SOURCE_PER_DAY;
    this.maxSeen = options.maxSeen ?? MAX_SEEN_PER_DAY;
    this.fallback = new MemoryStatsOnce(options);
  }

  async admit(source: string, day: string, events: StatEvent[]): Promise<StatEvent[]> {
    if (events.length === 0) return [];
    try {
      const tag = sourceTag(await this.dayKey(day), source);
      const args = events.flatMap((event) => {
        const cap = capOf(event.kind);
        return [seenMember(tag, event), `${tag}:${cap}`, this.perSource[cap]];
      });
      const verdicts = await this.redis.veladaAdmitStats(
        this.name('seen', day),
        this.name('by-source', day),
        this.maxSeen,
        expiresAt(day),
        ...args,
      );
      if (verdicts.includes(-1)) this.noticeFull(day);
      return events.filter((_, index) => verdicts[index] === 1);
    } catch {
      this.noticeFailure();
      return this.fallback.admit(source, day, events);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** The day's key: made by the first process to need it, read by the others; it expires with the day. */
  private async dayKey(day: string): Promise<string> {
    if (this.key?.day === day) return this.key.value;
    const name = this.name('key', day);
    const results = await this.redis.multi().set(name, newDayKey(), 'PXAT', expiresAt(day), 'NX').get(name).exec();
    const stored = results?.[1]?.[1];
    if (typeof stored !== 'string') throw new Error("The day's key could not be read from Redis.");
    this.key = { day, value: stored };
    return this.key.value;
  }

  private name(what: string, day: string): string {
    return `${this.prefix}:${what}:${day}`;
  }

  private noticeFull(day: string): void {
    if (this.fullNoticedOn === day) return;
    this.fullNoticedOn = day;
    console.error(`Ad statistics: ${this.maxSeen} sources, ads and kinds seen today; new ones are not counted until the day ends.`);
  }

  /** At most one line a minute while Redis fails (no sources). */
  private noticeFailure(): void {
    const now = Date.now();
    if (now - this.failureNoticedAt < 60_000) return;
    this.failureNoticedAt = now;
    console.error('Ad statistics: Redis did not answer; each process decides what counts in its own memory until it does.');
  }
}

/** An hour after the Buenos Aires day ends: late requests of the day still find its keys. */
function expiresAt(day: string): number {
  return buenosAiresDayStart(day).getTime() + DAY_MS + KEPT_AFTER_DAY_MS;
}

/** Redis when `redisUrl` is given (it must answer now), shared by every process; this process's memory otherwise. */
export async function openStatsOnce(options: { redisUrl?: string; keyPrefix?: string }): Promise<StatsOnce> {
  if (!options.redisUrl) return new MemoryStatsOnce();
  return new RedisStatsOnce(await connectRedis(options.redisUrl), { keyPrefix: options.keyPrefix });
}
