// State-changing API calls are accepted only from the site's own pages: the browser's Sec-Fetch-Site or
// Origin header must say so, and the body must be JSON (a cross-site form cannot send that). Beacon endpoints
// (navigator.sendBeacon sends text/plain) check their own media types; upload endpoints take multipart forms,
// which the origin check alone guards (browsers always send Origin on a cross-site POST). Signed paths (payment
// providers' notifications) carry no session and prove themselves by their signature instead.
import type { Middleware } from 'koa';
import { crossOrigin, notJson } from '#api/errors.ts';
import { isFromOwnSite } from './request-origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginWrites(
  publicOrigin: string | undefined,
  options: { beaconPaths?: string[]; isUploadPath?: (path: string) => boolean; signedPaths?: string[] } = {},
): Middleware {
  const beaconPaths = new Set(options.beaconPaths);
  const signedPaths = new Set(options.signedPaths);
  const isUploadPath = options.isUploadPath ?? (() => false);
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || signedPaths.has(ctx.path)) return next();
    if (!isFromOwnSite(ctx, publicOrigin)) throw crossOrigin();
    if (isUploadPath(ctx.path) && ctx.is('multipart/form-data')) return next();
    // Nothing to read (a DELETE, say): no media type to check.
    if (!ctx.get('Transfer-Encoding') && !Number(ctx.get('Content-Length') || 0)) return next();
    if (!beaconPaths.has(ctx.path) && !ctx.is('application/json')) throw notJson();
    await next();
  };
}
