// /robots.txt, /sitemap.xml (a sitemap index) and its parts under /sitemaps/: what search engines may crawl and the
// addresses they should know (docs/decisions/036-search-engines.md). Served by Koa because the ads' part is read
// from the database on each request, with the origin of the configuration (never the request's Host).
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { countSitemapAds, sitemapAds } from '#db/queries/sitemap-ads.ts';
import { absoluteUrl, allLandings } from '#shared/search-engines.ts';
import { adPath } from '#shared/ad-text.ts';
import { CATEGORIES } from '#shared/catalogue.ts';
import { escapeHtml } from '#shared/html.ts';
import { pathIn, TRANSLATED_FRAGMENTS } from '#shared/i18n/routes.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/i18n/locales.ts';

/** The protocol allows 50,000 addresses and 50 MB per file; an ad's entry is about 150 bytes. */
export const SITEMAP_PART_SIZE = 50_000;

/** The same pages in the other languages they exist in (docs/decisions/070-languages.md). */
const translationsOf = (spanish: readonly string[]): string[] =>
  [...new Set(spanish.flatMap((path) => LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => pathIn(l, path))))].filter(
    (path) => !spanish.includes(path),
  );

const SPANISH_SITEMAP_PAGES = [
  '/',
  '/buscar',
  ...CATEGORIES.map((c) => `/buscar?categoria=${c.value}`),
  '/aumentar-visibilidad',
  '/verificar-anuncio',
  '/como-evitar-estafas',
  '/como-ordenamos-los-avisos',
  '/transparencia',
  '/contacto',
  '/terminos-condiciones',
  '/politicas-privacidad',
];

/** Pages that are neither landings nor ads, and that search engines may index, in each language they exist in. */
export const SITEMAP_PAGES = [...SPANISH_SITEMAP_PAGES, ...translationsOf(SPANISH_SITEMAP_PAGES)];

/** Private or per-visitor paths: nothing there for a search engine (forms, accounts, the panel, the API, fragments). */
const SPANISH_DISALLOWED = [
  '/admin',
  '/mi-cuenta',
  '/api/',
  '/buscar/resultados',
  '/destacados/',
  '/ingresar',
  '/publicar-anuncio',
  '/recuperar-clave',
  '/restablecer-clave',
  '/confirmar-email',
  '/preferencias-de-correo',
  '/baja/confirmar',
  '/denunciar',
  '/menor-de-edad',
  '/offline',
];

/** Private or per-visitor paths, and their translations: nothing there for a search engine. */
export const ROBOTS_DISALLOWED = [...SPANISH_DISALLOWED, ...translationsOf(SPANISH_DISALLOWED), ...TRANSLATED_FRAGMENTS];

// Crawlers ask rarely; an hour keeps a CDN from asking for every part every time.
const CACHE_CONTROL = 'public, max-age=3600';
// Landing pages and ads have a part per language (Spanish without a suffix): /sitemaps/barrios-pt.xml, anuncios-en-2.xml.
const AD_PART = /^\/sitemaps\/anuncios(?:-(pt|en))?-([1-9]\d{0,6})\.xml$/;
const LANDING_PART = /^\/sitemaps\/barrios(?:-(pt|en))?\.xml$/;
const suffix = (locale: Locale) => (locale === DEFAULT_LOCALE ? '' : `-${locale}`);

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export function sitemapIndex(origin: string, adParts: number): string {
  const parts = [
    '/sitemaps/paginas.xml',
    ...LOCALES.map((locale) => `/sitemaps/barrios${suffix(locale)}.xml`),
    ...LOCALES.flatMap((locale) => Array.from({ length: adParts }, (_, i) => `/sitemaps/anuncios${suffix(locale)}-${i + 1}.xml`)),
  ];
  const entries = parts.map((p) => `<sitemap><loc>${escapeHtml(absoluteUrl(origin, p))}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function urlSet(origin: string, entries: { path: string; lastmod?: Date }[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeHtml(absoluteUrl(origin, e.path))}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset ${NS}>\n${urls.join('\n')}\n</urlset>\n`;
}

export interface SearchEngineFilesOptions {
  db: Knex;
  /** The public origin (PUBLIC_ORIGIN, or this machine outside production). */
  origin: string;
  /** Ads per sitemap part; tests lower it. */
  partSize?: number;
}

/** Answers GET and HEAD of the robots file, the sitemap index and its parts; a part past the end goes on (404). */
export function searchEngineFiles({ db, origin, partSize = SITEMAP_PART_SIZE }: SearchEngineFilesOptions): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    let body: string;
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8';
      body = robotsTxt(origin);
    } else if (ctx.path === '/sitemap.xml') {
      body = sitemapIndex(origin, Math.ceil((await countSitemapAds(db)) / partSize));
    } else if (ctx.path === '/sitemaps/paginas.xml') {
      body = urlSet(
        origin,
        SITEMAP_PAGES.map((path) => ({ path })),
      );
    } else if (LANDING_PART.test(ctx.path)) {
      const locale = (LANDING_PART.exec(ctx.path)![1] as Locale | undefined) ?? DEFAULT_LOCALE;
      body = urlSet(
        origin,
        allLandings(locale).map((l) => ({ path: l.path })),
      );
    } else {
      const part = AD_PART.exec(ctx.path);
      if (!part) return next();
      const locale = (part[1] as Locale | undefined) ?? DEFAULT_LOCALE;
      const ads = await sitemapAds(db, Number(part[2]), partSize);
      if (ads.length === 0) return next();
      body = urlSet(
        origin,
        ads.map((ad) => ({ path: adPath(ad, locale), lastmod: ad.updatedAt })),
      );
    }
    if (!ctx.type) ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', CACHE_CONTROL);
    ctx.body = body;
  };
}
