// Runs the built Astro SSR pages (the Node adapter in middleware mode) inside Koa, handing each render the
// database through Astro.locals so that pages read through the same db/ queries as the API.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { pagePolicy } from './middleware/security-headers.ts';
import { Bulkhead } from './services/bulkhead.ts';
import { HttpError, serverBusy } from '#api/errors.ts';
import type { RenderCache } from './render-cache/render-cache.ts';
import { capturePage, type PageRenderState } from './render-cache/middleware.ts';
import { isCountedVisit, type AdStatsCounter } from './services/ad-stats.ts';
import { requestSource } from './http/request-source.ts';

type AstroNodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

export async function loadAstroHandler(distDir: string): Promise<AstroNodeHandler | null> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) return null;
  const mod = (await import(pathToFileURL(entry).href)) as { handler: AstroNodeHandler };
  return mod.handler;
}

/**
 * Pages rendered per request are the costliest work a visitor can ask for (tens of milliseconds of the one
 * JavaScript thread each). A few render at a time; more wait briefly; past that, or after waiting 3 s, the
 * visitor gets a short 503 page with Retry-After at once, instead of a connection that hangs while memory grows.
 */
const pageRenders = new Bulkhead({
  concurrency: 8,
  maxWaiting: 200,
  maxWaitMs: 3000,
  busy: serverBusy,
});
export const BUSY_PAGE =
  '<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="rating" content="adult"><meta name="robots" content="noindex">' +
  '<title>Mucho tráfico | Velada</title></head><body><main><h1>Hay mucho tráfico en este momento</h1>' +
  '<p>Probá de nuevo en unos segundos.</p></main></body></html>';

export interface AstroPagesOptions {
  /** Pages shared by every visitor are kept here once rendered. */
  cache?: RenderCache;
  /** Counts which ads a page shows (Astro.locals.pageShows), and keeps it with the cached page. */
  adStats?: AdStatsCounter;
  /** What a page may need of its own request beyond the shared locals (a rate limit by the client's address). */
  requestLocals?: (ctx: Context) => Partial<App.Locals>;
}

export function astroPages(
  handler: AstroNodeHandler,
  locals: App.Locals,
  { cache, adStats, requestLocals: ofRequest }: AstroPagesOptions = {},
): Middleware {
  return async (ctx, next) => {
    let matched = true;
    try {
      await pageRenders.run(async () => {
        // A public page that may be shared (marked by servePagesFromCache) is kept once rendered, with the one
        // policy that onePolicy (wrapping it) makes of the page's CSP.
        const render = ctx.state.pageRender as PageRenderState | undefined;
        if (cache && render) capturePage(ctx.req, ctx.res, render, cache);
        onePolicy(ctx.res);
        keepWriteCallbacks(ctx.res);
        // The adapter writes straight to the Node response; Koa must not answer as well.
        ctx.respond = false;
        const requestLocals: App.Locals = {
          ...locals,
          ...(adStats && { pageShows: pageShowsOf(ctx.req, requestSource(ctx), adStats, render) }),
          ...ofRequest?.(ctx),
        };
        await handler(ctx.req, ctx.res, () => (matched = false), requestLocals);
      });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 503) throw err;
      ctx.respond = true;
      ctx.status = 503;
      ctx.set('Retry-After', String(err.retryAfterSeconds));
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = BUSY_PAGE;
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
 * SSR responses carry Astro's CSP header (script and style hashes). It becomes the only policy, with what the
 * server adds (frame-ancestors): two headers would be two policies, and the server's default has no hashes.
 */
function onePolicy(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
    const astroPolicy = headers?.['content-security-policy'];
    if (headers && astroPolicy) {
      res.removeHeader('content-security-policy');
      (headers as Record<string, unknown>)['content-security-policy'] = pagePolicy(String(astroPolicy));
    }
    return writeHead(status, headers);
  }) as ServerResponse['writeHead'];
}
