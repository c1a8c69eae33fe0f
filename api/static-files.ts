// Serves the built site (dist/client) and ad photos (from the object store). Hashed assets are cached for a year;
// HTML and the service worker are revalidated on every visit (ETag / Last-Modified, answered with 304).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { DEFAULT_LOCALE, LOCALES, localeOfPath } from '#shared/i18n/locales.ts';
import { isTranslatedPath } from '#shared/i18n/routes.ts';
import { adImageByName, PUBLIC_PHOTO_CACHE } from './services/image-store.ts';
import type { ObjectStore, StoredObject } from './services/object-store/object-store.ts';
import { metaPolicyOf, pagePolicy } from './middleware/security-headers.ts';
import { isHashedAsset } from './middleware/canonical-origin.ts';
import { photoAudience } from '#db/queries/photo-access.ts';
import { can } from '#shared/admin-permissions.ts';
import { hasNoJsAgeCookie } from '#shared/age-cookie.ts';
import { APP_PHOTOS_PATH } from '#shared/photo-urls.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Browsers ask every time; a CDN keeps the file a minute, then asks with its ETag (api/cdn/nginx-config.ts). */
export const CACHE_REVALIDATE = 'public, max-age=0, s-maxage=60, must-revalidate';

/** How a file of the build is cached, and whether another origin may load it (hashed assets, for ASSETS_ORIGIN). */
export function builtFilePolicy(urlPath: string): { cacheControl: string; crossOrigin: boolean } {
  const hashed = isHashedAsset(urlPath);
  return { cacheControl: hashed ? CACHE_IMMUTABLE : CACHE_REVALIDATE, crossOrigin: hashed };
}

/**
 * Pages served from ASSETS_ORIGIN's host load their module scripts and fonts in CORS mode: hashed assets are public,
 * the same for everyone and sent without cookies, so any origin may read them.
 */
export const ANY_ORIGIN = '*';

export const contentTypeOf = (file: string): string => TYPES[path.extname(file)] ?? 'application/octet-stream';

/**
 * A visitor who confirmed being 18+ through the no-JavaScript form has its cookie; prerendered pages then get
 * the `age-ok` class on <html> here, as SSR pages get it from the layout, so the gate stays closed.
 */
function ageConfirmedVariant(ctx: Context, file: string): ((html: string) => string) | null {
  if (!file.endsWith('.html') || !hasNoJsAgeCookie(ctx.get('Cookie'))) return null;
  return (html) => html.replace('<html lang="es-AR"', '<html lang="es-AR" class="age-ok"');
}

/** The CSP of built pages, read from their <meta> once per file version (api/middleware/security-headers.ts). */
const pagePolicies = new Map<string, { mtimeMs: number; policy: string | null }>();
async function builtPagePolicy(file: string, stat: fs.Stats): Promise<string | null> {
  const cached = pagePolicies.get(file);
  if (cached?.mtimeMs === stat.mtimeMs) return cached.policy;
  const meta = metaPolicyOf(await fsp.readFile(file, 'utf8'));
  const policy = meta ? pagePolicy(meta) : null;
  pagePolicies.set(file, { mtimeMs: stat.mtimeMs, policy });
  return policy;
}

/** Last-Modified and a weak ETag of size and time; true when the client's copy is current and 304 is the answer. */
function answeredNotModified(ctx: Context, modified: Date, size: number, mtimeMs: number, variant = ''): boolean {
  ctx.lastModified = modified;
  ctx.etag = `W/"${size.toString(16)}-${mtimeMs.toString(16)}${variant}"`;
  ctx.status = 200;
  if (!ctx.fresh) return false;
  ctx.status = 304;
  return true;
}

async function sendFile(ctx: Context, file: string, { cacheControl, crossOrigin }: ReturnType<typeof builtFilePolicy>): Promise<boolean> {
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(file);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  ctx.type = contentTypeOf(file);
  ctx.set('Cache-Control', cacheControl);
  if (crossOrigin) ctx.set('Access-Control-Allow-Origin', ANY_ORIGIN);
  if (file.endsWith('.html')) {
    const policy = await builtPagePolicy(file, stat);
    if (policy) ctx.set('Content-Security-Policy', policy);
  }
  const transform = ageConfirmedVariant(ctx, file);
  // The age-confirmed variant is one visitor's: no shared cache may keep it.
  if (transform) ctx.set('Cache-Control', 'private, max-age=0, must-revalidate');
  if (answeredNotModified(ctx, stat.mtime, stat.size, stat.mtimeMs, transform ? '-a' : '')) return true;
  // Koa leaves the body out of HEAD answers itself, keeping their Content-Type and Content-Length.
  if (transform) {
    ctx.body = transform(await fsp.readFile(file, 'utf8'));
    return true;
  }
  ctx.length = stat.size;
  ctx.body = fs.createReadStream(file);
  return true;
}

/** The file under `root` for a URL path, or null when the path leaves `root` or is malformed. */
export function resolveUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(root, path.normalize(decoded));
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

/** `builtPaths`: the URL paths of the build's files (api/static-site.ts); other paths are not looked for on disk. */
export function serveClientFiles(clientDir: string, builtPaths?: Set<string>): Middleware {
  const root = path.resolve(clientDir);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const file = resolveUnder(root, ctx.path);
    if (!file) return next();
    if (builtPaths && !builtPaths.has(path.posix.normalize(decodeURIComponent(ctx.path)))) return next();
    // '/x' and '/x/' are the page built at x/index.html.
    if (!(await sendFile(ctx, path.extname(file) ? file : path.join(file, 'index.html'), builtFilePolicy(ctx.path)))) await next();
  };
}

/**
 * Public photos are cached for minutes (PUBLIC_PHOTO_CACHE). Photos of ads that are not public (drafts, in review,
 * held, removed) and evidence go only to their owner and staff, and no cache keeps them.
 */
const PRIVATE_PHOTO = 'private, no-store';

function sendPhoto(ctx: Context, photo: StoredObject, cacheControl: string): void {
  ctx.type = 'image/webp';
  ctx.set('Cache-Control', cacheControl);
  const modified = photo.lastModified;
  if (answeredNotModified(ctx, modified, photo.bytes.length, modified.getTime())) return;
  ctx.body = photo.bytes;
}

async function mayViewPrivatePhoto(db: Knex, ctx: Context, ownerId: number | null): Promise<boolean> {
  const admin = await staffSessions.resume(db, ctx.cookies.get(staffSessions.cookie));
  if (admin && (can(admin, 'manage_ads') || can(admin, 'view_reports'))) return true;
  if (ownerId === null) return false;
  const advertiser = await advertiserSessions.resume(db, ctx.cookies.get(advertiserSessions.cookie));
  return advertiser?.id === ownerId;
}

export function serveAdImages(store: ObjectStore, db: Knex): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${APP_PHOTOS_PATH}/`) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const photo = adImageByName(ctx.path.slice(APP_PHOTOS_PATH.length + 1));
    const audience = photo ? await photoAudience(db, photo.key) : null;
    const allowed = audience && (audience.public || (await mayViewPrivatePhoto(db, ctx, audience.ownerId)));
    const stored = allowed && photo ? await store.get(photo.objectKey) : null;
    // The same answer for a photo that does not exist and one this visitor may not see.
    if (!stored) {
      ctx.status = 404;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = 'No encontrado';
      return;
    }
    sendPhoto(ctx, stored, audience?.public ? PUBLIC_PHOTO_CACHE : PRIVATE_PHOTO);
  };
}

/**
 * The prerendered not-found page with status 404, for every route nothing else answered: in the language of the
 * address's prefix (/pt/…, /en/…), Spanish otherwise (docs/decisions/070-languages.md).
 */
export function notFoundPage(clientDir: string): Middleware {
  const pagesOf = (dir: string) => [path.join(dir, '404.html'), path.join(dir, '404', 'index.html')];
  const spanish = pagesOf(clientDir);
  const byLocale = Object.fromEntries(
    LOCALES.map((l) => [l, l === DEFAULT_LOCALE ? spanish : [...pagesOf(path.join(clientDir, l)), ...spanish]]),
  );
  return async (ctx) => {
    const files = byLocale[localeOfPath(ctx.path)]!;
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = '404 Page Not Found';
    for (const file of files) {
      try {
        const html = await fsp.readFile(file, 'utf8');
        ctx.body = html;
        ctx.type = 'text/html; charset=utf-8';
        const policy = metaPolicyOf(html);
        if (policy) ctx.set('Content-Security-Policy', pagePolicy(policy));
        break;
      } catch {
        /* try the next layout of the build */
      }
    }
    ctx.status = 404;
  };
}

/**
 * An address under /pt/ or /en/ that no static file answered and no translated page names (shared/i18n/routes.ts)
 * gets that language's not-found page at once: Astro's routes with a free first segment (a landing page's
 * /{category}/{place}) would otherwise take it and answer the Spanish one.
 */
export function untranslatedNotFound(clientDir: string): Middleware {
  const notFound = notFoundPage(clientDir);
  return (ctx, next) => {
    const pagePath = ctx.path.replace(/(.)\/+$/, '$1');
    return localeOfPath(ctx.path) === DEFAULT_LOCALE || isTranslatedPath(pagePath) ? next() : notFound(ctx, next);
  };
}
