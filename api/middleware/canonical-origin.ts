// Requests for any host other than PUBLIC_ORIGIN's (local hosts aside) get a 301 there, path and query kept; hashed
// assets excepted, which are the same bytes for everyone and may be asked under ASSETS_ORIGIN's host (a CDN in front).
import type { Middleware } from 'koa';
import { isLocalHost } from '#shared/local-host.ts';

/** The build's content-hashed files (`/_astro/*`), answered under any host. */
export const isHashedAsset = (pathname: string): boolean => pathname.startsWith('/_astro/');

export function canonicalOrigin(publicOrigin: string | undefined): Middleware {
  if (!publicOrigin) return (_ctx, next) => next();
  const canonicalHost = new URL(publicOrigin).host;
  return async (ctx, next) => {
    if (ctx.host && ctx.host !== canonicalHost && !isLocalHost(ctx.hostname) && !isHashedAsset(ctx.path)) {
      ctx.status = 301;
      ctx.redirect(publicOrigin + ctx.originalUrl);
      return;
    }
    await next();
  };
}
