// A fixed-window limit per client IP, in memory: enough for one process; several processes share a
// database, not this counter, so each allows its own quota.
//
// One window for every address (the counters start afresh together when it ends), so each request costs one map
// lookup whatever the number of addresses: sweeping expired entries per request made each one cost as many steps
// as there were addresses, which an attacker with many addresses could use to slow everyone down.
import type { Middleware } from 'koa';
import { tooManyRequests } from '#api/errors.ts';

export function rateLimit(options: { windowMs: number; max: number }): Middleware {
  let hits = new Map<string, number>();
  let windowEndsAt = 0;
  return async (ctx, next) => {
    const now = Date.now();
    if (now >= windowEndsAt) {
      hits = new Map();
      windowEndsAt = now + options.windowMs;
    }
    const count = (hits.get(ctx.ip) ?? 0) + 1;
    hits.set(ctx.ip, count);
    if (count > options.max) {
      ctx.set('Retry-After', String(Math.ceil((windowEndsAt - now) / 1000)));
      throw tooManyRequests();
    }
    await next();
  };
}
