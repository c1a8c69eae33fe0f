// A fixed-window limit per client IP, in memory: enough for one process; several processes share a
// database, not this counter, so each allows its own quota.
//
// One window for every address (the counters start afresh together when it ends), so each request costs one map
// lookup whatever the number of addresses: sweeping expired entries per request made each one cost as many steps
// as there were addresses, which an attacker with many addresses could use to slow everyone down.
import type { Middleware } from 'koa';
import { tooManyRequests } from '#api/errors.ts';

export interface BudgetOptions {
  windowMs: number;
  max: number;
}

/** Requests per address and window; shared by the Koa middleware and the analytics fast path (beacon-path.ts). */
export class RequestBudget {
  private hits = new Map<string, number>();
  private windowEndsAt = 0;
  /** Requests already counted before Koa saw them (the fast path handing a request over): not counted twice. */
  private readonly counted = new WeakSet<object>();
  private readonly options: BudgetOptions;

  constructor(options: BudgetOptions) {
    this.options = options;
  }

  /** Whether one more request from `key` would be within the budget. Counts nothing. */
  allows(key: string): boolean {
    this.roll(Date.now());
    return (this.hits.get(key) ?? 0) < this.options.max;
  }

  /**
   * Counts a request from `key` (once per `request` when given); 0 when it is within the budget, otherwise the
   * seconds until the window ends.
   */
  take(key: string, request?: object): number {
    if (request) {
      if (this.counted.has(request)) return 0;
      this.counted.add(request);
    }
    const now = Date.now();
    this.roll(now);
    const count = (this.hits.get(key) ?? 0) + 1;
    this.hits.set(key, count);
    return count > this.options.max ? Math.max(1, Math.ceil((this.windowEndsAt - now) / 1000)) : 0;
  }

  private roll(now: number): void {
    if (now >= this.windowEndsAt) {
      this.hits = new Map();
      this.windowEndsAt = now + this.options.windowMs;
    }
  }
}

export function rateLimit(budget: RequestBudget | BudgetOptions): Middleware {
  const limit = budget instanceof RequestBudget ? budget : new RequestBudget(budget);
  return async (ctx, next) => {
    const waitSeconds = limit.take(ctx.ip, ctx.req);
    if (waitSeconds > 0) {
      ctx.set('Retry-After', String(waitSeconds));
      throw tooManyRequests();
    }
    await next();
  };
}
