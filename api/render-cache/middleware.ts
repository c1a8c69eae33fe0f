// The render cache in the request path (docs/decisions/021-render-cache.md):
// - servePagesFromCache, early (before compression, the API routers and SSR): a valid entry is answered from memory,
//   already compressed, with its ETag (304 when the browser has it); otherwise the request goes on, marked with its
//   key and the version it will be rendered at.
// - capturePage, used by the SSR handler on such a request: the page is rendered from its normalized URL, sent as
//   usual, and, when it is a 200 of the key's variant, kept as soon as the renderer ends it (its gzip and brotli
//   forms are made when first asked for).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { cacheablePage, canonicalPagePath, type CacheablePage, type SessionCookies } from './page-keys.ts';
import { answerRenderRefusal, type RenderSlots } from '#api/render-slots.ts';
import { requestSource } from '#api/http/request-source.ts';
import type { RenderCache, CachedPage } from './render-cache.ts';
import { preferredEncoding } from '#api/http/encoding.ts';
import type { PageShows } from '#api/services/ad-stats.ts';

/** Called for every answer from the cache: the visit counts for the ads the page shows. */
export type OnPageHit = (req: IncomingMessage, entry: CachedPage) => void;

/** Shared caches (a CDN) may keep the public variant briefly and serve it stale while they fetch a new one. */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** One visitor's page (the variant of those who passed the gate without JavaScript, any page that names no other):
 * never in a shared cache, asked again each time. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';
/**
 * Headers of the rendered page worth keeping; the rest come from the server's middleware on every answer.
 * X-Destacados-Siguiente: where a featured part says the next one starts (site/pages/destacados/mas.astro).
 */
const KEPT_HEADERS = ['content-type', 'content-security-policy', 'x-robots-tag', 'x-destacados-siguiente'];

/** The headers of a rendered page that its cached copy keeps, names in lower case. */
export function keptHeaders(all: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(all)
      .filter(([name, value]) => KEPT_HEADERS.includes(name.toLowerCase()) && value !== undefined)
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}

export interface PageRenderState {
  page: CacheablePage;
  version: number;
  /** Called once the page is stored, or will not be: requests waiting for this render go on. */
  rendered: () => void;
  /** Which ads the page shows, as its render tells (Astro.locals.pageShows): kept with the page. */
  shows: PageShows;
  /** The variant the page's layout says it rendered (Astro.locals.renderedVariant); unset until it says. */
  renderedVariant?: CacheablePage['variant'];
}

/**
 * Whether a finished render may fill its entry: a 200 to a GET, and a page whose layout rendered the key's variant. A
 * request whose cookies the page read otherwise than the key (an encoding, a duplicate) never fills the public entry.
 * Fragments (server islands, featured parts) have no layout and read no cookie.
 */
export function mayStore(state: PageRenderState, status: number, method: string | undefined): boolean {
  if (status !== 200 || method !== 'GET' || !state.page.fills) return false;
  return state.page.fragment || state.renderedVariant === state.page.variant;
}

/**
 * Parts of a page fetched by its script (server islands, the featured strip's parts): browsers serve a subresource
 * stale under stale-while-revalidate, which would show an ended VIP once more; these are revalidated on every use
 * instead (a 304 from memory while the entry holds).
 */
const FRAGMENT_CACHE_CONTROL = 'public, no-cache';

export function cacheControlFor(page: Pick<CacheablePage, 'variant' | 'fragment'>): string {
  if (page.variant !== 'public') return PRIVATE_PAGE_CACHE_CONTROL;
  return page.fragment ? FRAGMENT_CACHE_CONTROL : SHARED_PAGE_CACHE_CONTROL;
}

export interface ServePagesOptions {
  /** Called for every answer from the cache. */
  onPageHit: OnPageHit;
  /** Where renders take their turn: a miss that would be refused is answered here, before the rest of the app. */
  slots?: RenderSlots;
  /** Whether a request's session cookies name a live session (one indexed read): only those bypass the cache. */
  hasLiveSession?: (sessions: SessionCookies) => Promise<boolean>;
}

export function servePagesFromCache(cache: RenderCache, { onPageHit, slots, hasLiveSession }: ServePagesOptions): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      // A write through this process shows in its pages at once; other processes see it within checkEveryMs.
      // Analytics events (thousands a second) never change a page.
      try {
        await next();
      } finally {
        if (!ctx.path.startsWith('/api/analytics/')) cache.checkSoon();
      }
      return;
    }
    const page = cacheablePage(ctx);
    if (!page) return redirectToCanonical(ctx) || next();
    // A signed-in advertiser or staff member never gets or fills a shared entry; any other cookie value is nobody's.
    if (page.sessions && (!hasLiveSession || (await hasLiveSession(page.sessions)))) return next();
    let version = await cache.currentVersion();
    let entry = cache.get(page.key, version);
    const render = !entry && page.fills ? cache.beginRender(page.key) : null;
    if (render && 'wait' in render) {
      // The same page is being rendered for another visitor: its result serves this one too.
      await Promise.race([render.wait, new Promise((resolve) => setTimeout(resolve, RENDER_WAIT_MS))]);
      version = await cache.currentVersion();
      entry = cache.get(page.key, version);
    }
    if (entry) {
      onPageHit(ctx.req, entry);
      sendCached(ctx, cache, entry, page);
      return;
    }
    const refused = slots?.refusal(requestSource(ctx), ctx.ip);
    if (refused) return answerRenderRefusal(ctx, refused);
    ctx.set('X-Render-Cache', 'miss');
    const rendered = render && 'end' in render ? render.end : () => {};
    ctx.state.pageRender = { page, version, rendered, shows: { listed: [], viewed: null } } satisfies PageRenderState;
    // However the request ends, the render ends with it: a visitor who left while the render waited its turn made no
    // 'close' for capturePage to hear, and every later request for the page waited 5 s for a render that never came.
    // Deferred, so that a page captured on this same 'close' is stored first.
    ctx.res.once('close', () => setImmediate(rendered));
    try {
      await next();
    } finally {
      // Not rendered by the SSR handler (whose capturePage ends the render once stored): nobody waits any longer.
      if (ctx.respond !== false) rendered();
    }
  };
}

/** A shared page asked under another spelling of its path: 301 to its one address, the query kept. */
function redirectToCanonical(ctx: Context): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  const canonical = canonicalPagePath(ctx.path, ctx.querystring);
  if (!canonical) return false;
  ctx.status = 301;
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.redirect(ctx.querystring ? `${canonical}?${ctx.querystring}` : canonical);
  return true;
}

/** A written chunk as a Buffer: the renderer's bytes are viewed, not copied (Buffer.concat copies them once, at the end). */
function bufferOf(chunk: Uint8Array | string): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** How long a request waits for another's render of the same page before rendering it itself. */
const RENDER_WAIT_MS = 5_000;

function sendCached(ctx: Context, cache: RenderCache, entry: CachedPage, page: CacheablePage): void {
  ctx.status = entry.status;
  for (const [name, value] of Object.entries(entry.headers)) ctx.set(name, value);
  ctx.set('Cache-Control', cacheControlFor(page));
  ctx.set('X-Render-Cache', 'hit');
  ctx.vary('Accept-Encoding');
  ctx.etag = cache.etagOf(entry);
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const encoding = preferredEncoding(ctx.get('Accept-Encoding') || undefined);
  const body = cache.bodyIn(entry, encoding);
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.length = body.length;
  ctx.body = body;
}

/**
 * Renders the request from its normalized URL, gives the page the cache headers of its variant, and keeps a copy
 * of what the handler writes; once the answer is complete and a 200, the page is compressed and stored.
 */
export function capturePage(req: IncomingMessage, res: ServerResponse, state: PageRenderState, cache: RenderCache): void {
  req.url = state.page.url;
  const chunks: Buffer[] = [];
  let status = 0;
  let headers: Record<string, string> = {};
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  res.writeHead = ((code: number, head?: OutgoingHttpHeaders) => {
    status = code;
    if (head) {
      delete head['cache-control'];
      delete head['Cache-Control'];
    }
    // Only a 200 is shareable: a CDN keeping a 404 or a 301 would hide a resumed or approved ad for minutes.
    res.setHeader('Cache-Control', code === 200 ? cacheControlFor(state.page) : 'no-store');
    headers = keptHeaders({ ...(res.getHeaders() as Record<string, unknown>), ...(head as Record<string, unknown> | undefined) });
    return writeHead(code, head);
  }) as ServerResponse['writeHead'];
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk) chunks.push(bufferOf(chunk as Uint8Array | string));
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk && typeof chunk !== 'function') chunks.push(bufferOf(chunk as Uint8Array | string));
    // The page is whole once the renderer ends it, whether or not its client reads it: kept now, and the visitors
    // waiting for this render are served at once (a client that never read held them until its socket closed).
    if (mayStore(state, status, req.method)) {
      const identity = Buffer.concat(chunks);
      const { listed, viewed } = state.shows;
      const shows = listed.length > 0 || viewed !== null ? { listed, viewed } : undefined;
      cache.set(state.page.key, { status, headers, identity, version: state.version, ...(shows ? { shows } : {}) });
    }
    state.rendered();
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  // A render that never ends (its client left and Astro stopped it, or it failed mid-stream) keeps nothing.
  res.once('close', () => state.rendered());
}
