// Where per-address budgets are counted, chosen once at start (docs/decisions/029-shared-rate-limits.md): in this
// process's memory on SQLite (one process), in the database on PostgreSQL (every process shares it), in Redis when
// REDIS_URL is set. Every limit of the app is made here, by name, so that each keeps a counter of its own.
//
// A shared store that does not answer is replaced, budget by budget, by a counter in this process's memory with the
// same window and maximum (the library's insuranceLimiter): each process then limits alone, as before stores were
// shared, instead of refusing everyone or letting everything through.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RequestBudget, type BudgetOptions, type Counter } from '#api/middleware/rate-limit.ts';
import { postgresRateLimiter, type SharedLimiterOptions } from '#db/queries/rate-limits.ts';
import { serverKey } from '#db/queries/server-keys.ts';
import { MemoryBudget, MEMORY_BUDGET_MAX_KEYS } from './memory-budget.ts';
import { dialectOf } from '#db/dialect.ts';

export type RateLimitStoreKind = 'memory' | 'postgres' | 'redis';

export interface RateLimitStore {
  readonly kind: RateLimitStoreKind;
  /** The budget called `name`: one name per limit (a name given twice throws, it would share one counter). */
  budget(name: string, options: BudgetOptions): RequestBudget;
  close(): Promise<void>;
}

export interface SharedStoreOptions {
  /** Starts every key in the store; tests give each file its own. */
  keyPrefix?: string;
}

/** Memory on SQLite, PostgreSQL on PostgreSQL, Redis when `redisUrl` is given (it must answer now). */
export async function openRateLimitStore(db: Knex, options: SharedStoreOptions & { redisUrl?: string } = {}): Promise<RateLimitStore> {
  if (options.redisUrl) {
    const redis = await connectRedis(options.redisUrl);
    return redisRateLimitStore(db, redis, options);
  }
  if (dialectOf(db) === 'postgres') return postgresRateLimitStore(db, options);
  return memoryRateLimitStore();
}

export function memoryRateLimitStore(): RateLimitStore {
  return new Budgets('memory', (_name, { windowMs, max }) => {
    const budget = new MemoryBudget({ max, windowMs });
    return (key) => budget.consume(key);
  });
}

export async function postgresRateLimitStore(db: Knex, options: SharedStoreOptions = {}): Promise<RateLimitStore> {
  return sharedStore('postgres', db, options, (limiterOptions) => postgresRateLimiter(db, limiterOptions));
}

/** Budgets in Redis through `redis` (made by redisClient), which the store closes. */
export async function redisRateLimitStore(db: Knex, redis: Redis, options: SharedStoreOptions = {}): Promise<RateLimitStore> {
  return sharedStore(
    'redis',
    db,
    options,
    // Not connected (down, or reconnecting): the insurance answers at once instead of Redis being asked.
    (limiterOptions) => new RateLimiterRedis({ ...limiterOptions, storeClient: redis, rejectIfRedisNotReady: true }),
    async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  );
}

/** A connection made by redisClient, connected; a URL where nothing answers throws, saying why. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = redisClient(url);
  // connect() rejects with "Connection is closed"; the error event before it says why.
  let reason: Error | undefined;
  const remember = (err: Error) => (reason = err);
  redis.on('error', remember);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis (REDIS_URL): ${(reason ?? (err as Error)).message}`, { cause: err });
  } finally {
    redis.off('error', remember);
  }
  return redis;
}

/**
 * A Redis connection for the budgets, not yet connected: while it is down a command fails at once (no offline queue,
 * no retry) and a slow one after 250 ms, so that no request waits on Redis; it reconnects by itself meanwhile.
 */
export function redisClient(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    connectTimeout: 2000,
  });
  // Each failed reconnection emits an error; the store says once a minute that the insurance is counting instead.
  redis.on('error', () => {});
  return redis;
}

type Limiter = (options: SharedLimiterOptions) => RateLimiterAbstract;

type CounterFor = (name: string, options: BudgetOptions) => Counter;

class Budgets implements RateLimitStore {
  readonly kind: RateLimitStoreKind;
  private readonly counterFor: CounterFor;
  private readonly onClose: () => Promise<void>;
  private readonly names = new Set<string>();

  constructor(kind: RateLimitStoreKind, counterFor: CounterFor, onClose = async () => {}) {
    this.kind = kind;
    this.counterFor = counterFor;
    this.onClose = onClose;
  }

  budget(name: string, options: BudgetOptions): RequestBudget {
    if (this.names.has(name)) throw new Error(`The rate limit "${name}" is made twice: each limit needs a name of its own.`);
    this.names.add(name);
    return new RequestBudget(this.counterFor(name, options));
  }

  close(): Promise<void> {
    return this.onClose();
  }
}

async function sharedStore(
  kind: RateLimitStoreKind,
  db: Knex,
  options: SharedStoreOptions,
  limiter: Limiter,
  onClose?: () => Promise<void>,
): Promise<RateLimitStore> {
  // Addresses are kept as keyed hashes: the store holds no address, and the key is the same in every process.
  const hashKey = await serverKey(db, 'rate_limit_key');
  const noticeFallback = fallbackNotice(kind);
  return new Budgets(
    kind,
    (name, { windowMs, max }) => {
      const keyPrefix = `${options.keyPrefix ?? 'velada'}:${name}`;
      const duration = windowMs / 1000;
      const insuranceLimiter = new InsuranceLimiter(
        { keyPrefix, points: max, duration },
        new MemoryBudget({ max, windowMs }),
        noticeFallback,
      );
      return sharedCounter(limiter({ keyPrefix, points: max, duration, insuranceLimiter }), hashKey, max, windowMs);
    },
    onClose,
  );
}

/**
 * Counts in the shared store, except for an address this process already saw reach the budget: that one is refused
 * from memory until its window ends, so a flood from one address costs no round trip to the store. (The library's
 * inMemoryBlockOnConsumed does the same but sweeps all its blocked keys on every new one past a thousand: with many
 * addresses each would cost as many steps as there are addresses.)
 */
function sharedCounter(limiter: RateLimiterAbstract, hashKey: Buffer, max: number, windowMs: number): Counter {
  const overBudget = new OverBudget(windowMs);
  return (address) => {
    const key = crypto.createHmac('sha256', hashKey).update(address).digest('base64url').slice(0, 22);
    const msLeft = overBudget.msLeft(key);
    if (msLeft > 0) return Promise.reject(new RateLimiterRes(0, msLeft, max + 1));
    return limiter.consume(key).then(
      (res) => {
        if (res.consumedPoints >= max) overBudget.add(key, res.msBeforeNext);
        return res;
      },
      (refusal: unknown) => {
        if (refusal instanceof RateLimiterRes) overBudget.add(key, refusal.msBeforeNext);
        throw refusal;
      },
    );
  };
}

/**
 * Keys refused until a time. The map is dropped whole once a window, as one window for every key, so that each
 * request costs one lookup whatever the number of keys; an entry dropped early only costs one more round trip.
 */
class OverBudget {
  private until = new Map<string, number>();
  private dropAt = 0;
  private readonly windowMs: number;

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  msLeft(key: string): number {
    const now = Date.now();
    if (now >= this.dropAt) {
      this.until = new Map();
      this.dropAt = now + this.windowMs;
    }
    return (this.until.get(key) ?? now) - now;
  }

  add(key: string, ms: number): void {
    // Bounded like the memory budgets: past the bound a source over its budget costs a round trip to the store again.
    if (ms > 0 && this.until.size < MEMORY_BUDGET_MAX_KEYS) this.until.set(key, Date.now() + ms);
  }
}

/**
 * This process's counter for a budget, used only while the shared store fails; says so in the log. A RateLimiterMemory
 * for the library (which wants one as insurance), counting in a MemoryBudget, bounded in keys.
 */
class InsuranceLimiter extends RateLimiterMemory {
  private readonly noticeUse: () => void;
  private readonly counter: MemoryBudget;

  constructor(options: { keyPrefix: string; points: number; duration: number }, counter: MemoryBudget, noticeUse: () => void) {
    super(options);
    this.counter = counter;
    this.noticeUse = noticeUse;
  }

  override consume(key: string | number): Promise<RateLimiterRes> {
    this.noticeUse();
    return this.counter.consume(String(key));
  }
}

/** At most one line a minute per store while it fails (no addresses, no keys). */
function fallbackNotice(kind: RateLimitStoreKind): () => void {
  const name = kind === 'redis' ? 'Redis' : 'PostgreSQL';
  let last = 0;
  return () => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    console.error(`Rate limits: ${name} did not answer; each process counts in its own memory until it does.`);
  };
}
