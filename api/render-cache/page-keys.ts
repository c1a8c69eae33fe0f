// Which requests may share a cached page, and under which key: anonymous GET/HEAD of the public pages rendered per
// request (search, its results fragment, ad pages). The key is the normalized URL (the search's filters in their
// canonical order, defaults and unknown parameters dropped; an ad page without its query string) and the variant:
// the page as everyone gets it, or with the age gate closed for a visitor who passed it without JavaScript.
import type { Context } from 'koa';
import { parseSearchParams, toSearchParams } from '#shared/search-filters.ts';
import { AGE_NOJS_COOKIE } from '#shared/age-cookie.ts';
import { staffSessions, advertiserSessions } from '#api/auth/sessions.ts';

export type PageVariant = 'public' | 'age-confirmed';

export interface CacheablePage {
  key: string;
  /** The URL the page is rendered from: the normalized one, so the cached page is the same for every spelling. */
  url: string;
  /**
   * Whether a render of this request may fill the entry. An ad page asked with a query string is rendered from its
   * own URL (its redirect to the canonical slug keeps the query) and served from, but never stored in, the entry.
   */
  fills: boolean;
  variant: PageVariant;
  /** The ad of an ad page: its view is counted on every hit, as the page counts it when rendered. */
  adSlug: string | null;
}

const SEARCH_PATHS = new Set(['/buscar', '/search', '/buscar/resultados']);
const AD_PAGE = /^\/anuncio\/[a-z0-9-]{1,200}$/;

export function cacheablePage(ctx: Context): CacheablePage | null {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return null;
  // A signed-in advertiser or staff member never gets or fills a shared entry.
  if (ctx.cookies.get(staffSessions.cookie) || ctx.cookies.get(advertiserSessions.cookie)) return null;
  const variant: PageVariant = ctx.cookies.get(AGE_NOJS_COOKIE) === '1' ? 'age-confirmed' : 'public';
  let url: string;
  let adSlug: string | null = null;
  let fills = true;
  if (SEARCH_PATHS.has(ctx.path)) {
    const query = toSearchParams(parseSearchParams(new URLSearchParams(ctx.querystring))).toString();
    url = query ? `${ctx.path}?${query}` : ctx.path;
  } else if (AD_PAGE.test(ctx.path)) {
    url = ctx.url;
    fills = ctx.querystring === '';
    adSlug = ctx.path.slice('/anuncio/'.length);
  } else {
    return null;
  }
  return { key: `${variant} ${adSlug ? ctx.path : url}`, url, fills, variant, adSlug };
}
