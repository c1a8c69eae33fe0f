// The built site (dist/client) in memory: every file under 4 MB read once at startup with the brotli and gzip forms
// the build wrote beside it (tooling/build/precompress.ts), its type, cache policy, ETag (a hash of its bytes) and,
// for pages, the CSP of their <meta>, repeated as the header. The fast path (api/fast-path.ts) answers from it;
// what it does not hold (larger files, the age-confirmed variant of a page) api/static-files.ts serves from disk.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { metaPolicyOf, pagePolicy } from './middleware/security-headers.ts';
import { builtFilePolicy, contentTypeOf } from './static-files.ts';
import { escapeHtml } from '#shared/html.ts';
import { OPERATOR_SETTINGS, operatorFacts, type OperatorIdentity } from '#shared/operator-identity.ts';

export interface StaticFile {
  type: string;
  cacheControl: string;
  /** Whether any origin may load it (hashed assets, which ASSETS_ORIGIN may serve from another host). */
  crossOrigin: boolean;
  etag: string;
  /** The page's own policy (from its <meta>), or null for files that take the default. */
  policy: string | null;
  html: boolean;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

const MAX_FILE_BYTES = 4 * 1024 * 1024;
const VARIANTS = ['.br', '.gz'];

function readIfPresent(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
}

function loadFile(file: string, urlPath: string): StaticFile {
  const identity = fs.readFileSync(file);
  const html = file.endsWith('.html');
  const meta = html ? metaPolicyOf(identity.toString('utf8')) : null;
  return {
    type: contentTypeOf(file),
    ...builtFilePolicy(urlPath),
    etag: `"${crypto.createHash('sha1').update(identity).digest('base64url').slice(0, 27)}"`,
    policy: meta ? pagePolicy(meta) : null,
    html,
    identity,
    gzip: readIfPresent(`${file}.gz`),
    br: readIfPresent(`${file}.br`),
  };
}

export interface StaticSite {
  /** The files held in memory, by the URL paths that name them ('/x/index.html', '/x' and '/x/' for a page). */
  files: Map<string, StaticFile>;
  /** Every URL path that names a file of the build, held or not: others need no look on disk. */
  paths: Set<string>;
}

export function loadStaticSite(clientDir: string): StaticSite {
  const site: StaticSite = { files: new Map(), paths: new Set() };
  if (!fs.existsSync(clientDir)) return site;
  for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || VARIANTS.includes(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(clientDir, file).split(path.sep).join('/')}`;
    const names = [urlPath];
    if (entry.name === 'index.html') {
      const dir = urlPath.slice(0, -'index.html'.length);
      names.push(dir);
      if (dir !== '/') names.push(dir.slice(0, -1));
    }
    for (const name of names) site.paths.add(name);
    if (fs.statSync(file).size > MAX_FILE_BYTES) continue;
    const loaded = loadFile(file, urlPath);
    for (const name of names) site.files.set(name, loaded);
  }
  return site;
}

/**
 * Photos at MEDIA_PUBLIC_URL show only if the build's Content-Security-Policy allows its origin (astro.config.mjs
 * reads MEDIA_PUBLIC_URL when building): the reason to refuse the start, or null when the build allows it.
 */
export function buildRefusesImagesFrom(clientDir: string, mediaPublicUrl: string): string | null {
  const home = path.join(clientDir, 'index.html');
  const policy = fs.existsSync(home) ? metaPolicyOf(fs.readFileSync(home, 'utf8')) : null;
  if (!policy) return null;
  const origin = new URL(mediaPublicUrl).origin;
  const imgSrc = /(?:^|;)\s*img-src([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/) ?? [];
  if (imgSrc.includes(origin)) return null;
  return `Invalid configuration: the site was built without MEDIA_PUBLIC_URL=${mediaPublicUrl} (its pages would block photos from ${origin}): run npm run build with it set.`;
}

/**
 * Prerendered pages name their canonical address from PUBLIC_ORIGIN at build time (site/server/site-origin.ts), pages
 * rendered per request and the sitemap from the server's: a warning when the build's home names another origin than
 * `siteOrigin`, or null. Only a warning: a local build served for tests or benchmarks under another origin still works.
 */
export function buildOriginDiffers(clientDir: string, siteOrigin: string): string | null {
  const home = path.join(clientDir, 'index.html');
  if (!fs.existsSync(home)) return null;
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(fs.readFileSync(home, 'utf8'))?.[1];
  if (!canonical || new URL(canonical).origin === new URL(siteOrigin).origin) return null;
  return `Warning: the site was built with PUBLIC_ORIGIN=${new URL(canonical).origin}, not ${siteOrigin}: its static pages name another canonical address; run npm run build with PUBLIC_ORIGIN set.`;
}

/**
 * The footer names the operator from PUBLIC_OPERATOR_* at build time (site/components/site-footer.astro): a warning
 * when the build's home does not show a fact of the server's settings as the footer writes it ("CUIT: 30-…"), built
 * without it or with another value, or null. Names the settings, not their values.
 */
export function buildOperatorDiffers(clientDir: string, operator: OperatorIdentity): string | null {
  const home = path.join(clientDir, 'index.html');
  if (!fs.existsSync(home)) return null;
  const page = fs.readFileSync(home, 'utf8');
  const differ = operatorFacts(operator)
    .filter((fact) => !page.includes(escapeHtml(`${fact.label}: ${fact.value}`)))
    .map((fact) => OPERATOR_SETTINGS[fact.field]);
  if (!differ.length) return null;
  return `Warning: the site was built without the server's ${differ.join(', ')}: its footer names the operator otherwise; run npm run build with them set.`;
}
