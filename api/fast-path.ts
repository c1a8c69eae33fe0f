// The fast path (docs/decisions/022-fast-path.md): the answers that are already made, sent by the Node request
// listener before Koa builds a context or any middleware runs: a page of the render cache and a file of the build,
// both held in memory already compressed. Their headers are what the Koa path would send (security headers, the
// page's CSP, Cache-Control, ETag, Vary); a matching If-None-Match gets a 304.
//
// It also answers a miss of a page served from shells (the search page's public variant, decision 058): filled and
// counted as Koa's render would be, and kept once asked again.
//
// Whenever it is not sure, the fast path declines and Koa answers as if it did not exist: a method other than
// GET/HEAD, a host that Koa would redirect to the canonical origin, a render cache whose version check is due or a
// page not cached (but for pages served from shells), the age-confirmed variant of a built page, a file not held in
// memory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLocalHost } from '#shared/local-host.ts';
import { hasNoJsAgeCookie } from '#shared/age-cookie.ts';
import { defaultPolicy, securityHeaderValues } from './middleware/security-headers.ts';
import { cacheablePageOf } from './render-cache/page-keys.ts';
import { cacheControlFor, type OnPageHit } from './render-cache/middleware.ts';
import { ANY_ORIGIN } from './static-files.ts';
import { isHashedAsset } from './middleware/canonical-origin.ts';
import type { CachedPage, RenderCache } from './render-cache/render-cache.ts';
import type { CacheablePage } from './render-cache/page-keys.ts';
import type { ShellPages } from './render-cache/shell-pages.ts';
import { HttpError } from './errors.ts';
import type { StaticFile } from './static-site.ts';
import { refusalPage, type RenderSlots } from './render-slots.ts';
import { preferredEncoding } from './http/encoding.ts';
import { keptMade, made, sendMade, type Ready } from './fast-path-answers.ts';

export interface FastPathOptions {
  production: boolean;
  publicOrigin?: string;
  /** Behind a trusted proxy the host may come from X-Forwarded-Host: such requests are left to Koa. */
  trustsProxies: boolean;
  renderCache?: RenderCache;
  staticFiles?: Map<string, StaticFile>;
  /** Every answer from the cache counts for the ads its page shows, as the page counts them when rendered. */
  onPageHit?: OnPageHit;
  /**
   * Where renders take their turn, and the client's address and source of a raw request: a miss whose render would be
   * refused (its source past its share, or the queue full) is answered here, before Koa runs at all.
   */
  renderSlots?: { slots: RenderSlots; addressOf: (req: IncomingMessage) => string; sourceOf: (address: string) => string };
  /**
   * Pages whose misses are filled into a shell instead of rendered (./render-cache/shell-pages.ts): answered here,
   * taking a render slot, stored in the render cache and counted as a render would be.
   */
  shellPages?: readonly ShellPages[];
}

/** Answers the request and returns true, or returns false for Koa to answer it; `koa` answers one it took but cannot finish. */
export type FastPath = (req: IncomingMessage, res: ServerResponse, koa: () => void) => boolean;

export function createFastPath(options: FastPathOptions): FastPath {
  const security = securityHeaderValues({ production: options.production });
  const hostIsCanonical = canonicalHostCheck(options.publicOrigin, options.trustsProxies);

  return (req, res, koa) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    const querystring = q === -1 ? '' : req.url.slice(q + 1);
    if (!hostIsCanonical(req) && !isHashedAsset(pathname)) return false;
    const file = options.staticFiles?.get(pathname);
    if (file) {
      if (file.html && hasNoJsAgeCookie(req.headers.cookie)) return false;
      const wanted = file.gzip !== null || file.br !== null ? preferredEncoding(req.headers['accept-encoding']) : 'identity';
      sendMade(
        req,
        res,
        keptMade(file, wanted, () => made(security, fileReady(file, pathname), wanted)),
      );
      return true;
    }
    const renderCache = options.renderCache;
    if (!renderCache) return false;
    const page = cacheablePageOf(req.method, pathname, querystring, req.headers.cookie);
    // A request with a session cookie is left to Koa, which asks whether the session is live.
    const entry = page && !page.sessions && renderCache.peek(page.key);
    if (page && !page.sessions && !entry) {
      if (options.renderSlots && refuseRender(req, res, security, pathname, options.renderSlots)) return true;
      const shells = options.shellPages?.find((shellPage) => shellPage.takes(req.method, pathname, page));
      if (!shells || !options.renderSlots) return false;
      const miss = { page, pathname, shells, renderCache, renderSlots: options.renderSlots, onPageHit: options.onPageHit };
      void fillFromShell(req, res, security, miss).catch((err: unknown) => {
        if (res.headersSent) return res.destroy();
        console.error(`Page shells: filling ${pathname} failed, rendered instead:`, (err as Error).message);
        koa();
      });
      return true;
    }
    if (!page || !entry) return false;
    options.onPageHit?.(req, entry);
    sendPage(req, res, security, { renderCache, page, pathname }, entry, 'hit');
    return true;
  };
}

interface ShellMiss {
  page: CacheablePage;
  pathname: string;
  shells: ShellPages;
  renderCache: RenderCache;
  renderSlots: NonNullable<FastPathOptions['renderSlots']>;
  onPageHit: OnPageHit | undefined;
}

/**
 * A miss of a page served from shells, as the Koa path answers a render: in a render slot of its source, one fill per
 * page at a time (a request for the same page meanwhile waits for it), the page kept at the version read before its
 * parts were from its second miss on or when a request waited for it (RenderCache.set), and counted for the ads it
 * lists.
 */
async function fillFromShell(
  req: IncomingMessage,
  res: ServerResponse,
  security: Record<string, string>,
  { page, pathname, shells, renderCache, renderSlots, onPageHit }: ShellMiss,
): Promise<void> {
  // As the Koa path: the version, the entry and another request's render of the same page are looked at before any
  // render slot is taken; only the fill itself takes one.
  let version = await renderCache.currentVersion();
  let entry = renderCache.get(page.key, version);
  let cacheState: 'hit' | 'miss' = 'hit';
  const render = entry ? null : renderCache.beginRender(page.key);
  try {
    if (render && 'wait' in render) {
      await Promise.race([render.wait, new Promise((resolve) => setTimeout(resolve, RENDER_WAIT_MS))]);
      version = await renderCache.currentVersion();
      entry = renderCache.get(page.key, version);
    }
    if (!entry) {
      const address = renderSlots.addressOf(req);
      const filled = await renderSlots.slots.run(renderSlots.sourceOf(address), address, () => shells.fill(page.url));
      const made = {
        status: filled.status,
        headers: filled.headers,
        identity: filled.body,
        version,
        ...(filled.listed.length > 0 && { shows: { listed: filled.listed, viewed: null } }),
      };
      cacheState = 'miss';
      // Kept once asked again (a fill costs less than keeping every one-off search), unless the version changed
      // meanwhile or the page is too big; sent either way, as a render would be.
      entry = renderCache.set(page.key, made, 'when-asked-again');
    }
  } catch (err) {
    if (!isRenderRefusal(err)) throw err;
    sendRefusal(req, res, security, pathname, err);
    return;
  } finally {
    if (render && 'end' in render) render.end();
  }
  const answer = entry;
  // A page just filled is compressed in the thread pool, as the Koa path's compression did, not in this thread.
  const wanted = preferredEncoding(req.headers['accept-encoding']);
  if (cacheState === 'miss' && wanted !== 'identity') await renderCache.compress(answer, wanted);
  sendPage(req, res, security, { renderCache, page, pathname }, answer, cacheState);
  onPageHit?.(req, answer);
}

/**
 * A page of the render cache sent as the Koa path sends it. A page just filled (a miss) goes without an ETag: hashing
 * its bytes would cost more than the 304 it could give; it gets one on its first answer from the cache.
 */
function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  security: Record<string, string>,
  { renderCache, page, pathname }: { renderCache: RenderCache; page: CacheablePage; pathname: string },
  entry: CachedPage,
  state: 'hit' | 'miss',
): void {
  const wanted = preferredEncoding(req.headers['accept-encoding']);
  const ready = (): Ready => ({
    status: entry.status,
    headers: {
      'content-security-policy': defaultPolicy(pathname),
      ...entry.headers,
      'cache-control': cacheControlFor(page),
      'x-render-cache': state,
    },
    ...(state === 'hit' && { etag: renderCache.etagOf(entry) }),
    compressible: true,
    body: (encoding) => ({ bytes: renderCache.bodyIn(entry, encoding), encoding }),
  });
  // A hit's answer is made once per encoding and kept with the page; a miss's is made for this answer alone.
  sendMade(req, res, state === 'hit' ? keptMade(entry, wanted, () => made(security, ready(), wanted)) : made(security, ready(), wanted));
}

/** How long a request waits for another's fill of the same page before filling it itself (as in the Koa path). */
const RENDER_WAIT_MS = 5_000;

/**
 * A cache miss whose render would be refused: answered with the refusal page at once (a flood of misses from one
 * source costs no Koa context); otherwise false, and Koa renders it.
 */
function refuseRender(
  req: IncomingMessage,
  res: ServerResponse,
  security: Record<string, string>,
  pathname: string,
  { slots, addressOf, sourceOf }: NonNullable<FastPathOptions['renderSlots']>,
): boolean {
  const address = addressOf(req);
  const refused = slots.refusal(sourceOf(address), address);
  if (!refused) return false;
  sendRefusal(req, res, security, pathname, refused);
  return true;
}

function sendRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  security: Record<string, string>,
  pathname: string,
  refused: HttpError,
): void {
  const body = Buffer.from(refusalPage(refused));
  res.writeHead(refused.status, {
    ...security,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': defaultPolicy(pathname),
    'cache-control': 'no-store',
    'retry-after': String(refused.retryAfterSeconds ?? 2),
    'content-length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function isRenderRefusal(err: unknown): err is HttpError {
  return err instanceof HttpError && (err.status === 429 || err.status === 503);
}

/**
 * Whether Koa would answer a request's host itself rather than redirect it to PUBLIC_ORIGIN. Behind a trusted proxy
 * the host may come from X-Forwarded-Host: such requests are left to Koa (false).
 */
export function canonicalHostCheck(publicOrigin: string | undefined, trustsProxies: boolean): (req: IncomingMessage) => boolean {
  const canonicalHost = publicOrigin ? new URL(publicOrigin).host : null;
  return (req) => {
    if (trustsProxies && req.headers['x-forwarded-host']) return false;
    const host = req.headers.host;
    if (!canonicalHost || !host || host === canonicalHost) return true;
    return isLocalHost(hostnameOf(host));
  };
}

function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/** What the fast path sends for a file of the build (the same whatever the request, but its encoding). */
function fileReady(file: StaticFile, pathname: string): Ready {
  return {
    status: 200,
    headers: {
      'content-type': file.type,
      'cache-control': file.cacheControl,
      'content-security-policy': file.policy ?? defaultPolicy(pathname),
      ...(file.crossOrigin && { 'access-control-allow-origin': ANY_ORIGIN }),
    },
    etag: file.etag,
    compressible: file.gzip !== null || file.br !== null,
    body: (wanted) => {
      if (wanted === 'br' && file.br) return { bytes: file.br, encoding: 'br' };
      if (wanted !== 'identity' && file.gzip) return { bytes: file.gzip, encoding: 'gzip' };
      return { bytes: file.identity, encoding: 'identity' };
    },
  };
}
