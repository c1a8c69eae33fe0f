// Whether a request comes from the site's own pages: the browser's Sec-Fetch-Site says so, or, from browsers
// that do not send it, the Origin header names this host or PUBLIC_ORIGIN.
import type { Context } from 'koa';

export function isFromOwnSite(ctx: Context, publicOrigin: string | undefined): boolean {
  const site = ctx.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  const origin = ctx.get('Origin');
  return origin !== '' && (origin === `${ctx.protocol}://${ctx.host}` || origin === publicOrigin);
}
