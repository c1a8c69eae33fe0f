// A budget counted in this process's memory, bounded in keys: the store on SQLite (one process), and each process's
// stand-in while a shared store does not answer. rate-limiter-flexible's own memory limiter keeps a timer and an
// entry per key for the whole window: a flood of new keys (one per address of an IPv6 /64, before sources grouped
// them) grew it by tens of megabytes for an hour. Here a key is a window start and a count, and past `maxKeys` the
// windows ending soonest make room.
import { RateLimiterRes } from 'rate-limiter-flexible';

/** Keys a budget keeps at most: about 150 bytes each. */
export const MEMORY_BUDGET_MAX_KEYS = 50_000;

interface Window {
  points: number;
  endsAt: number;
}

export class MemoryBudget {
  /** Every window has the same length and is (re)inserted when it starts: the Map's order is the order of their ends. */
  private readonly windows = new Map<string, Window>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: { max: number; windowMs: number; maxKeys?: number; now?: () => number }) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.maxKeys = options.maxKeys ?? MEMORY_BUDGET_MAX_KEYS;
    this.now = options.now ?? Date.now;
  }

  /** Counts one request from `key`: resolves within the budget, rejects with a RateLimiterRes past it. */
  consume(key: string): Promise<RateLimiterRes> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (window) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      window = { points: 0, endsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.points += 1;
    const res = new RateLimiterRes(Math.max(0, this.max - window.points), window.endsAt - now, window.points, window.points === 1);
    return window.points > this.max ? Promise.reject(res) : Promise.resolve(res);
  }

  get size(): number {
    return this.windows.size;
  }

  /** Drops the windows that ended, and if none did, the one ending soonest. */
  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt > now && this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
      if (window.endsAt > now) break;
    }
  }
}
