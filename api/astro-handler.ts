// Runs the built Astro SSR pages (the Node adapter in middleware mode) inside Koa, handing each render the
// database through Astro.locals so that pages read through the same db/ queries as the API.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { pagePolicy } from './middleware/security-headers.ts';
import { HttpError } from '#api/errors.ts';
import { answerRenderRefusal, RenderSlots } from './render-slots.ts';
import { requestSource } from './http/request-source.ts';
import type { RenderCache } from './render-cache/render-cache.ts';
import { capturePage, PRIVATE_PAGE_CACHE_CONTROL, type PageRenderState } from './render-cache/middleware.ts';
import { isCountedVisit, type AdStatsCounter } from './services/ad-stats.ts';

export type AstroNodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

export async function loadAstroHandler(distDir: string): Promise<AstroNodeHandler | null> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) return null;
  const mod = (await import(pathToFileURL(entry).href)) as { handler: AstroNodeHandler };
  return mod.handler;
}

export interface AstroPagesOptions {
  /** Pages shared by every visitor are kept here once rendered. */
  cache?: RenderCache;
  /** Counts which ads a page shows (Astro.locals.pageShows), and keeps it with the cached page. */
  adStats?: AdStatsCounter;
  /** What a page may need of its own request beyond the shared locals (a rate limit by the client's address). */
  requestLocals?: (ctx: Context) => Partial<App.Locals>;
  /** Where renders take their turn (shared with the render cache, which refuses early); one of its own otherwise. */
  slots?: RenderSlots;
}

export function astroPages(
  handler: AstroNodeHandler,
  locals: App.Locals,
  { cache, adStats, requestLocals: ofRequest, slots = new RenderSlots() }: AstroPagesOptions = {},
): Middleware {
  return async (ctx, next) => {
    let matched = true;
    try {
      await slots.run(requestSource(ctx), ctx.ip, async () => {
        // A public page that may be shared (marked by servePagesFromCache) is kept once rendered, with the one
        // policy that onePolicy (wrapping it) makes of the page's CSP.
        const render = ctx.state.pageRender as PageRenderState | undefined;
        if (cache && render) capturePage(ctx.req, ctx.res, render, cache);
        finalHeaders(ctx.res);
        keepWriteCallbacks(ctx.res);
        // The adapter writes straight to the Node response; Koa must not answer as well.
        ctx.respond = false;
        const requestLocals: App.Locals = {
          ...locals,
          ...(adStats && { pageShows: pageShowsOf(ctx.req, requestSource(ctx), adStats, render) }),
          ...(render && { renderedVariant: (variant) => (render.renderedVariant = variant) }),
          ...ofRequest?.(ctx),
        };
        await handler(ctx.req, ctx.res, () => (matched = false), requestLocals);
      });
    } catch (err) {
      if (!(err instanceof HttpError) || (err.status !== 503 && err.status !== 429)) throw err;
      answerRenderRefusal(ctx, err);
      return;
    }
    if (!matched) {
      ctx.respond = true;
      await next();
    }
  };
}

/**
 * What a page tells of the ads it shows: counted for this visit (not a bot's or a prefetch's; once a day for its source),
 * and remembered for the copy the render cache keeps, which counts them again on every answer.
 */
function pageShowsOf(req: IncomingMessage, source: string, adStats: AdStatsCounter, render: PageRenderState | undefined): App.PageShows {
  const counted = req.method === 'GET' && isCountedVisit(req.headers);
  return {
    listed(ids) {
      render?.shows.listed.push(...ids);
      if (counted) adStats.countPage({ listed: ids, viewed: null }, source);
    },
    viewed(id) {
      if (render) render.shows.viewed = id;
      if (counted) adStats.countPage({ listed: [], viewed: id }, source);
    },
  };
}

/**
 * `compression` drops the callback of res.write, and Astro answers a render that fails mid-stream by writing "Internal
 * server error" and destroying the response in that write's callback: without it the response never ended, the
 * visitor's connection hung, and it held one of the few render slots for good. The callback runs once the chunk has
 * been handed on.
 */
export function keepWriteCallbacks(res: ServerResponse): void {
  const write = res.write.bind(res) as (chunk: unknown, encoding?: unknown) => boolean;
  res.write = ((chunk: unknown, encodingOrCallback?: unknown, callback?: unknown) => {
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    const encoding = typeof encodingOrCallback === 'function' ? undefined : encodingOrCallback;
    const ok = encoding === undefined ? write(chunk) : write(chunk, encoding);
    if (typeof done === 'function') process.nextTick(done as () => void);
    return ok;
  }) as ServerResponse['write'];
}

/**
 * What every page rendered per request sends, settled as its head is written:
 * - One Content-Security-Policy: Astro's header (script and style hashes) becomes the only policy, with what the server
 *   adds (frame-ancestors); two headers would be two policies, and the server's default has no hashes.
 * - A Cache-Control: caches without one guess a lifetime (a CDN's default would keep a form or a signed-in page), so a
 *   page that names none is the visitor's own, asked again each time. Shared pages name theirs (the render cache's,
 *   api/render-cache/middleware.ts), as do the pages that may be kept otherwise.
 */
export function finalHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
    const astroPolicy = headers?.['content-security-policy'];
    if (headers && astroPolicy) {
      res.removeHeader('content-security-policy');
      (headers as Record<string, unknown>)['content-security-policy'] = pagePolicy(String(astroPolicy));
    }
    if (!res.hasHeader('cache-control') && headers?.['cache-control'] === undefined)
      res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
    return writeHead(status, headers);
  }) as ServerResponse['writeHead'];
}
