// The fast path (docs/decisions/022-fast-path.md): the answers that are already made, sent by the Node request
// listener before Koa builds a context or any middleware runs: a page of the render cache and a file of the build,
// both held in memory already compressed. Their headers are what the Koa path would send (security headers, the
// page's CSP, Cache-Control, ETag, Vary); a matching If-None-Match gets a 304.
//
// Whenever it is not sure, the fast path declines and Koa answers as if it did not exist: a method other than
// GET/HEAD, a host that Koa would redirect to the canonical origin, a render cache whose version check is due,
// a page not cached, the age-confirmed variant of a built page, a file not held in memory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLocalHost } from '#shared/local-host.ts';
import { hasNoJsAgeCookie } from '#shared/age-cookie.ts';
import { defaultPolicy, securityHeaderValues } from './middleware/security-headers.ts';
import { cacheablePageOf } from './render-cache/page-keys.ts';
import { cacheControlFor } from './render-cache/middleware.ts';
import type { RenderCache } from './render-cache/render-cache.ts';
import type { StaticFile } from './static-site.ts';

export interface FastPathOptions {
  production: boolean;
  publicOrigin?: string;
  /** Behind a trusted proxy the host may come from X-Forwarded-Host: such requests are left to Koa. */
  trustsProxies: boolean;
  renderCache?: RenderCache;
  staticFiles?: Map<string, StaticFile>;
  /** An ad page answered from the cache is a view all the same. */
  onAdPageHit?: (slug: string) => void;
}

/** What a response needs to be sent: its headers (names in lower case) besides the security ones, an ETag, its bodies. */
interface Ready {
  status: number;
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createFastPath(options: FastPathOptions): FastPath {
  const security = securityHeaderValues({ production: options.production });
  const canonicalHost = options.publicOrigin ? new URL(options.publicOrigin).host : null;

  const hostIsCanonical = (req: IncomingMessage): boolean => {
    if (options.trustsProxies && req.headers['x-forwarded-host']) return false;
    const host = req.headers.host;
    if (!canonicalHost || !host || host === canonicalHost) return true;
    return isLocalHost(hostnameOf(host));
  };

  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url || !hostIsCanonical(req)) return false;
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    const querystring = q === -1 ? '' : req.url.slice(q + 1);
    const file = options.staticFiles?.get(pathname);
    if (file) {
      if (file.html && hasNoJsAgeCookie(req.headers.cookie)) return false;
      send(req, res, security, {
        status: 200,
        headers: {
          'content-type': file.type,
          'cache-control': file.cacheControl,
          'content-security-policy': file.policy ?? defaultPolicy(pathname),
        },
        etag: file.etag,
        identity: file.identity,
        gzip: file.gzip,
        br: file.br,
      });
      return true;
    }
    if (!options.renderCache) return false;
    const page = cacheablePageOf(req.method, pathname, querystring, req.headers.cookie);
    const entry = page && options.renderCache.peek(page.key);
    if (!page || !entry) return false;
    if (page.adSlug && req.method === 'GET') options.onAdPageHit?.(page.adSlug);
    send(req, res, security, {
      status: entry.status,
      headers: {
        'content-security-policy': defaultPolicy(pathname),
        ...entry.headers,
        'cache-control': cacheControlFor(page.variant),
        'x-render-cache': 'hit',
      },
      etag: entry.etag,
      identity: entry.identity,
      gzip: entry.gzip,
      br: entry.br,
    });
    return true;
  };
}

function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function send(req: IncomingMessage, res: ServerResponse, security: Record<string, string>, ready: Ready): void {
  const headers: Record<string, string | number> = { ...security, ...ready.headers, ETag: ready.etag };
  const compressed = ready.gzip !== null || ready.br !== null;
  if (compressed) headers.Vary = 'Accept-Encoding';
  if (matchesEtag(req.headers['if-none-match'], ready.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = compressed ? preferredEncoding(req.headers['accept-encoding']) : 'identity';
  let body = ready.identity;
  if (encoding === 'br' && ready.br) body = ready.br;
  else if (encoding !== 'identity' && ready.gzip) body = ready.gzip;
  if (body !== ready.identity) headers['Content-Encoding'] = body === ready.br ? 'br' : 'gzip';
  headers['Content-Length'] = body.length;
  res.writeHead(ready.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** If-None-Match against an ETag, weakly (a W/ prefix on either side is ignored), as for GET and HEAD. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

type Encoding = 'br' | 'gzip' | 'identity';
// Browsers send a handful of distinct Accept-Encoding values: each is parsed once (a bounded memo).
const encodingMemo = new Map<string, Encoding>();

/** The best of br, gzip and identity that Accept-Encoding allows (q=0 refuses; `*` allows br). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const memo = encodingMemo.get(acceptEncoding);
  if (memo) return memo;
  const allowed = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    allowed.set(name!.trim(), qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const wildcard = allowed.get('*');
  const ok = (name: string) => (allowed.get(name) ?? wildcard ?? 0) > 0;
  const encoding: Encoding = ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
  if (encodingMemo.size < 256) encodingMemo.set(acceptEncoding, encoding);
  return encoding;
}
