// Every route the app serves, by what a shared cache in front of it (a CDN) may do with the answer. One table: the
// CDN's configuration is generated from it (api/cdn/nginx-config.ts, `npm run cdn:nginx`), and a test fails when a
// page of site/pages or a route the app mounts is served without an entry here (api/cdn/site-routes.test.ts).
// Whatever a CDN keeps, it keeps by the origin's own Cache-Control; the kind decides when it must not even look.
import { CATEGORIES } from '#shared/catalogue.ts';
import { landingCategorySlugs } from '#shared/search-engines.ts';
import { AGE_NOJS_COOKIE } from '#shared/age-cookie.ts';
import { APP_PHOTOS_PATH } from '#shared/photo-urls.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';

/**
 * - `file`: the build (dist/client): hashed assets for a year, prerendered pages and the other files revalidated.
 *   Every path no entry names is one (the build's file names are known only once built).
 * - `shared-page`: rendered per request but the same for every anonymous visitor (search, ads, landing pages, the
 *   transparency report, robots and sitemaps), kept as long as its `s-maxage` says.
 * - `media`: ad photos; public ones for minutes, the others `private, no-store`.
 * - `origin`: personal or changing answers (the API, accounts, the panel, forms): never kept, never looked up.
 */
export type RouteKind = 'file' | 'shared-page' | 'media' | 'origin';

export interface SiteRoute {
  kind: RouteKind;
  /** A path (with or without a trailing slash), or (starting with ^) a regular expression nginx and JavaScript read alike. */
  match: string;
  /** Why the route has this kind, for whoever reads the generated configuration. */
  why: string;
}

const categoryRoutes = CATEGORIES.map((c) => c.route.slice(1)).join('|');

export const SITE_ROUTES: readonly SiteRoute[] = [
  { kind: 'origin', match: '^/api(/|$)', why: 'the JSON API: sessions, forms, analytics' },
  { kind: 'origin', match: '^/admin(/|$)', why: 'the staff panel' },
  { kind: 'origin', match: '^/mi-cuenta(/|$)', why: "an advertiser's own pages" },
  { kind: 'origin', match: '/ingresar', why: 'sign-in and registration' },
  { kind: 'origin', match: '/confirmar-email', why: "a mailed link's one-time token" },
  { kind: 'origin', match: '/restablecer-clave', why: "a mailed link's one-time token" },
  { kind: 'origin', match: '/baja/confirmar', why: "a mailed link's one-time token" },
  { kind: 'origin', match: '/preferencias-de-correo', why: "a mailed link's signature" },
  { kind: 'origin', match: '/publicar-anuncio', why: 'the publishing steps of the signed-in advertiser' },
  { kind: 'origin', match: '/denunciar', why: 'the report form, filled from the ad it names' },
  { kind: 'origin', match: '/verificar-anuncio', why: 'the code check, limited per address' },
  { kind: 'origin', match: '/pt/verificar-anuncio', why: 'the code check in Portuguese, with the same budget per address' },
  { kind: 'origin', match: '/en/check-an-ad', why: 'the code check in English, with the same budget per address' },
  { kind: 'origin', match: '/contacto', why: 'the contact form' },
  { kind: 'origin', match: '/confirmar-edad', why: 'the age gate without JavaScript (POST), which sets its cookie' },
  { kind: 'origin', match: '/guia-instalacion', why: 'a redirect to the printable guide' },
  { kind: 'shared-page', match: '/buscar', why: 'search, the same for every anonymous visitor' },
  { kind: 'shared-page', match: '/buscar/resultados', why: "the search's next results, fetched by its script" },
  { kind: 'shared-page', match: '/search', why: 'the old address of search' },
  { kind: 'shared-page', match: '/pt/busca', why: 'search in Portuguese' },
  { kind: 'shared-page', match: '/pt/busca/resultados', why: "the Portuguese search's next results" },
  { kind: 'shared-page', match: '/en/search', why: 'search in English' },
  { kind: 'shared-page', match: '/en/search/resultados', why: "the English search's next results" },
  { kind: 'shared-page', match: '^/anuncio/[^/]+$', why: 'ad pages' },
  { kind: 'shared-page', match: '^/pt/anuncio/[^/]+$', why: 'ad pages in Portuguese' },
  { kind: 'shared-page', match: '^/en/ad/[^/]+$', why: 'ad pages in English' },
  { kind: 'shared-page', match: `^/(${categoryRoutes})/?$`, why: "the category routes: a 301 to the category's search" },
  { kind: 'shared-page', match: `^/(${categoryRoutes})/[^/]+$`, why: 'landing pages (category and barrio or zone)' },
  { kind: 'shared-page', match: `^/pt/(${landingCategorySlugs('pt').join('|')})/[^/]+$`, why: 'landing pages in Portuguese' },
  { kind: 'shared-page', match: `^/en/(${landingCategorySlugs('en').join('|')})/[^/]+$`, why: 'landing pages in English' },
  {
    kind: 'shared-page',
    match: '^/_server-islands/',
    why: "prerendered pages' server islands (no-cache: the origin's render cache answers)",
  },
  { kind: 'shared-page', match: '/destacados/mas', why: "the featured strip's next parts (no-cache, as the islands)" },
  { kind: 'shared-page', match: '/transparencia', why: 'the monthly transparency report' },
  { kind: 'shared-page', match: '/pt/transparencia', why: 'the transparency report in Portuguese' },
  { kind: 'shared-page', match: '/en/transparency', why: 'the transparency report in English' },
  { kind: 'shared-page', match: '/transparencia.json', why: "the transparency report's figures" },
  { kind: 'shared-page', match: '/robots.txt', why: 'served by the app with the public origin' },
  { kind: 'shared-page', match: '/sitemap.xml', why: 'served by the app from the catalogue' },
  { kind: 'shared-page', match: '^/sitemaps/', why: "the sitemap's parts" },
  { kind: 'media', match: `^${APP_PHOTOS_PATH}/`, why: 'ad photos' },
];

/** The cookies that make an answer one visitor's: the no-JavaScript age gate's, and the sessions'. */
export const PRIVATE_COOKIES = { age: AGE_NOJS_COOKIE, advertiser: advertiserSessions.cookie, staff: staffSessions.cookie } as const;

/**
 * The regular expression of an entry, the one that nginx's map and siteRouteOf both use: an exact path matches with or
 * without a trailing slash (the site answers both).
 */
export function routePattern(route: SiteRoute): string {
  return route.match.startsWith('^') ? route.match : `^${route.match.replace(/[.*+?()[\]{}|\\$^]/g, '\\$&')}/?$`;
}

const compiled = SITE_ROUTES.map((route) => ({ route, re: new RegExp(routePattern(route)) }));

/** The entry that classifies a path, as nginx's map picks it (the first that matches), or null. */
export function siteRouteOf(pathname: string): SiteRoute | null {
  return compiled.find(({ re }) => re.test(pathname))?.route ?? null;
}

export function routeKindOf(pathname: string): RouteKind {
  return siteRouteOf(pathname)?.kind ?? 'file';
}
