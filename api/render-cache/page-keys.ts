// Which requests may share a cached page, and under which key: anonymous GET/HEAD of the public pages rendered per
// request (search, its results fragment, ad pages, landing pages), the server islands of prerendered pages (the home's featured
// strip, the plans page's prices) and the featured strip's next parts. The key is the normalized URL (the search's filters in their
// canonical order, defaults and unknown parameters dropped; an ad page without its query string) and the variant:
// the page as everyone gets it, or with the age gate closed for a visitor who passed it without JavaScript.
import type { Context } from 'koa';
import { parseSearchParams, toSearchParams } from '#shared/search-filters.ts';
import { pageVariantOf, type PageVariant } from '#shared/age-cookie.ts';
import { cookieValue } from '#shared/cookies.ts';
import { featuredDay, featuredOffset } from '#shared/featured.ts';
import { daysSinceEpochInBuenosAires } from '#shared/dates.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';
import { findLanding } from '#shared/search-engines.ts';
import { setBounded } from '#shared/bounded-memo.ts';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '#shared/i18n/locales.ts';
import { pathIn, resultsPathOf } from '#shared/i18n/routes.ts';

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
  /** A part of a page that its script fetches (a server island, a featured part), not a page. */
  fragment: boolean;
  /**
   * The session cookies the request carries, when it carries one: a live session never gets or fills a shared entry;
   * a dead or made-up one is an anonymous visitor (the middleware asks; the fast path leaves such requests to it).
   */
  sessions?: SessionCookies;
}

export interface SessionCookies {
  staff?: string;
  advertiser?: string;
}

/** Search and its results alone, in every language, and search's old address. */
const SEARCH_PATHS = new Set([
  '/search',
  ...LOCALES.flatMap((locale) => [pathIn(locale, '/buscar'), resultsPathOf(pathIn(locale, '/buscar'))]),
]);
/** An ad's page in any language (/anuncio/…, /pt/anuncio/…, /en/ad/…). */
const AD_PAGE = /^(?:\/pt)?\/anuncio\/[a-z0-9-]{1,200}$|^\/en\/ad\/[a-z0-9-]{1,200}$/;
/**
 * Astro's server islands that show what depends on the catalogue and the day only, like the pages; their address
 * carries the component's encrypted props (e, p, s), the same for every visitor of a prerendered page. Named one by
 * one: an island that reads a cookie or the visitor's session must never be shared.
 */
const SHARED_SERVER_ISLANDS = new Set(['/_server-islands/FeaturedAds', '/_server-islands/PlanPrice']);
const SERVER_ISLAND_PARAMS = ['e', 'p', 's'];
const FEATURED_PARTS = '/destacados/mas';
/** A landing page's address: two segments, under /pt or /en in those languages. */
const TWO_SEGMENTS = /^(?:\/(pt|en))?\/([a-z-]{1,40})\/([a-z0-9-]{1,60})$/;

/**
 * A landing page (/masajes/palermo, docs/decisions/036-search-engines.md), which reads only `pagina` and, on a later
 * page, `turno` (decision 064), or null.
 */
function landingUrl(pathname: string, querystring: string): string | null {
  const segments = TWO_SEGMENTS.exec(pathname);
  if (!segments || !findLanding(segments[2], segments[3], (segments[1] as Locale | undefined) ?? DEFAULT_LOCALE)) return null;
  const { pagina, turno } = parseSearchParams(new URLSearchParams(querystring));
  return pagina > 1 ? `${pathname}?pagina=${pagina}${turno ? `&turno=${turno}` : ''}` : pathname;
}

/** The page and key of a request, from its method, path, query string and Cookie header; null when not shareable. */
export function cacheablePageOf(method: string, pathname: string, querystring: string, cookies: string | undefined): CacheablePage | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const search = SEARCH_PATHS.has(pathname);
  const adPage = AD_PAGE.test(pathname);
  const landing = search || adPage ? null : landingUrl(pathname, querystring);
  if (!search && !adPage && !landing && pathname !== FEATURED_PARTS && !SHARED_SERVER_ISLANDS.has(pathname)) return null;
  const page = shareablePageOf(pathname, querystring, search, adPage, landing, pageVariantOf(cookies));
  const staff = cookieValue(cookies, staffSessions.cookie);
  const advertiser = cookieValue(cookies, advertiserSessions.cookie);
  if (staff || advertiser) page.sessions = { ...(staff && { staff }), ...(advertiser && { advertiser }) };
  return page;
}

function shareablePageOf(
  pathname: string,
  querystring: string,
  search: boolean,
  adPage: boolean,
  landing: string | null,
  // Read exactly as the page's layout reads it (pageVariantOf); capturePage also checks what the render reports.
  variant: PageVariant,
): CacheablePage {
  const fragment = fragmentUrl(pathname, querystring);
  if (fragment) return { key: `${variant} ${fragment}`, url: fragment, fills: true, variant, fragment: true };
  if (landing) return { key: `${variant} ${landing}`, url: landing, fills: true, variant, fragment: false };
  if (search) {
    const query = searchQueryOf(querystring);
    const url = query ? `${pathname}?${query}` : pathname;
    return { key: `${variant} ${url}`, url, fills: true, variant, fragment: false };
  }
  const url = querystring ? `${pathname}?${querystring}` : pathname;
  return {
    key: `${variant} ${pathname}`,
    url,
    fills: querystring === '',
    variant,
    fragment: false,
  };
}

/** Query strings as sent whose one spelling is kept (a few popular searches make most hits). */
const SEARCH_QUERIES_KEPT = 1_000;
const searchQueries = new Map<string, string>();

/** A search's query string in its one spelling: the filters it sets, in one order, each written one way. */
function searchQueryOf(querystring: string): string {
  const kept = searchQueries.get(querystring);
  if (kept !== undefined) return kept;
  const query = toSearchParams(parseSearchParams(new URLSearchParams(querystring))).toString();
  return setBounded(searchQueries, querystring, query, SEARCH_QUERIES_KEPT);
}

/**
 * The normalized address of a server island or of a featured part, or null for other pages: only the parameters they
 * read, in one order, so that an address with more (or reordered) parameters shares the entry instead of filling another.
 */
function fragmentUrl(pathname: string, querystring: string): string | null {
  const featured = pathname === FEATURED_PARTS;
  // Searches and ad pages (nearly every request here) leave before any parsing.
  if (!featured && !SHARED_SERVER_ISLANDS.has(pathname)) return null;
  const params = new URLSearchParams(querystring);
  if (featured) {
    // As the page reads them: any day but today and yesterday is today (entries do not outlive the day).
    const day = featuredDay(params.get('dia'), daysSinceEpochInBuenosAires(new Date()));
    const language = params.get('idioma');
    const idioma = language !== DEFAULT_LOCALE && isLocale(language) ? `&idioma=${language}` : '';
    return `${pathname}?desde=${featuredOffset(params.get('desde'))}&dia=${day}${idioma}`;
  }
  const kept = new URLSearchParams(SERVER_ISLAND_PARAMS.map((name) => [name, params.get(name) ?? '']));
  return `${pathname}?${kept.toString()}`;
}

export function cacheablePage(ctx: Context): CacheablePage | null {
  return cacheablePageOf(ctx.method, ctx.path, ctx.querystring, ctx.get('Cookie') || undefined);
}

const UNRESERVED = /%(2[DdEe]|3\d|4[1-9A-Fa-f]|5[0-9Aa]|5[Ff]|6[1-9A-Fa-f]|7[0-9Aa]|7[Ee])/g;

/**
 * The one address of a shared page written another way (`/buscar/`, `//buscar`, `/bu%73car`, `/./buscar`,
 * `/masajes/palermo/`), or null when the path is already canonical or is not a shared page's: each spelling was an
 * entry of its own, so one client could make every request a render. Unreserved characters are decoded, repeated
 * slashes collapsed, dot segments resolved and a trailing slash dropped.
 */
export function canonicalPagePath(pathname: string, querystring: string): string | null {
  const decoded = pathname.replace(UNRESERVED, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const canonical = `/${segments.join('/')}`;
  if (canonical === pathname || !cacheablePageOf('GET', canonical, querystring, undefined)) return null;
  return canonical;
}
