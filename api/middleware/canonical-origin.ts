// Requests for any host other than PUBLIC_ORIGIN's (local hosts aside) get a 301 there, path and query kept.
import type { Middleware } from 'koa';
import { isLocalHost } from '#shared/local-host.ts';

export function canonicalOrigin(publicOrigin: string | undefined): Middleware {
  if (!publicOrigin) return (_ctx, next) => next();
  const canonicalHost = new URL(publicOrigin).host;
  return async (ctx, next) => {
    if (ctx.host && ctx.host !== canonicalHost && !isLocalHost(ctx.hostname)) {
      ctx.status = 301;
      ctx.redirect(publicOrigin + ctx.originalUrl);
      return;
    }
    await next();
  };
}
