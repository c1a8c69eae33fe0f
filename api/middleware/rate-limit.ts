// A fixed-window limit per client IP, in memory: enough for one process; several processes share a
// database, not this counter, so each allows its own quota.
import type { Middleware } from 'koa';
import { tooManyRequests } from '#api/errors.ts';

export function rateLimit(options: { windowMs: number; max: number }): Middleware {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return async (ctx, next) => {
    const now = Date.now();
    if (hits.size > 10_000) {
      for (const [key, entry] of hits) if (entry.resetAt <= now) hits.delete(key);
    }
    const entry = hits.get(ctx.ip);
    if (!entry || entry.resetAt <= now) {
      hits.set(ctx.ip, { count: 1, resetAt: now + options.windowMs });
    } else if (++entry.count > options.max) {
      ctx.set('Retry-After', String(Math.ceil((entry.resetAt - now) / 1000)));
      throw tooManyRequests();
    }
    await next();
  };
}
