// Per-source request budgets (an IPv4 address or an IPv6 /64, api/http/request-source.ts): so many requests from one source in a window, then 429 with Retry-After.
// Where they are counted (this process's memory, PostgreSQL or Redis) is chosen once at start, and every budget is
// made there by name: api/services/rate-limit-store.ts (docs/decisions/029-shared-rate-limits.md).
import type { Middleware } from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '#api/errors.ts';
import { requestSource } from '#api/http/request-source.ts';

export interface BudgetOptions {
  windowMs: number;
  max: number;
}

/** Counts one request from `key`: resolves within the budget, rejects with a RateLimiterRes past it. */
export type Counter = (key: string) => Promise<unknown>;

/** Requests per address and window; one budget may serve several paths (the analytics routes and beacon-path.ts). */
export class RequestBudget {
  /**
   * Where a request keeps this budget's verdict, so that a request counted before Koa saw it (the fast path handing
   * it over) is not counted twice. A property of the request rather than a WeakMap: at thousands of beacons a second
   * the WeakMap's entries cost as much as the counting.
   */
  private readonly verdict = Symbol('rate limit verdict');
  private readonly count: Counter;

  constructor(count: Counter) {
    this.count = count;
  }

  /** Counts `request` from `key`, once: 0 when it is within the budget, otherwise the seconds to wait. */
  take(key: string, request: object): Promise<number> {
    const counted = request as Record<symbol, Promise<number> | undefined>;
    return (counted[this.verdict] ??= this.count(key).then(() => 0, secondsToWait));
  }
}

function secondsToWait(refusal: unknown): number {
  if (!(refusal instanceof RateLimiterRes)) throw refusal;
  return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
}

export function rateLimit(budget: RequestBudget): Middleware {
  return async (ctx, next) => {
    const waitSeconds = await budget.take(requestSource(ctx), ctx.req);
    if (waitSeconds > 0) {
      ctx.set('Retry-After', String(waitSeconds));
      throw tooManyRequests();
    }
    await next();
  };
}
