// createApp(deps): the whole HTTP surface as one Koa app (API, static files, SSR pages), without listen().
import Koa from 'koa';
import Router from '@koa/router';
import compression from 'compression';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorHandler } from './middleware/errors.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { canonicalOrigin } from './middleware/canonical-origin.ts';
import { sameOriginWrites } from './middleware/same-origin.ts';
import { forwardedHeadersFrom } from './middleware/forwarded.ts';
import { noSuchEndpoint } from '#api/errors.ts';
import { adsRouter } from './routes/ads/routes.ts';
import { notFoundPage, serveAdImages, serveClientFiles, untranslatedNotFound } from './static-files.ts';
import { astroPages, loadAstroHandler } from './astro-handler.ts';
import { ShellPages } from './render-cache/shell-pages.ts';
import { ageConfirmation } from './age-confirmation.ts';
import { searchEngineFiles } from './search-engines.ts';
import { ANALYTICS_BEACON_PATHS, analyticsBudget, analyticsRouter } from './routes/analytics/routes.ts';
import { createBeaconPath, type BeaconPath } from './routes/analytics/beacon-path.ts';
import { adminAuthRouter } from './routes/staff/auth-routes.ts';
import { adminDataRouter } from './routes/panel/routes.ts';
import { advertiserAccountRouter } from './routes/accounts/routes.ts';
import { VERIFICATION_UPLOAD_PATHS, verificationRouter } from './routes/verification/routes.ts';
import { advertiserAdsRouter } from './routes/ads/own-ads-routes.ts';
import { adPhotosRouter, isPhotoUploadPath } from './routes/ads/photos-routes.ts';
import { isSelfieUploadPath, photoVerificationRouter } from './routes/verification/photo-routes.ts';
import { availabilityRouter } from './routes/ads/availability-routes.ts';
import { reportsRouter } from './routes/reports/routes.ts';
import { consumerRouter } from './routes/consumer/routes.ts';
import { reportAnswersRouter } from './routes/reports/answer-routes.ts';
import { advertiserDataRouter } from './routes/accounts/data-routes.ts';
import { createMailer } from './services/mail.ts';
import { openObjectStore } from './services/object-store/object-store.ts';
import { openRateLimitStore, type RateLimitStore } from './services/rate-limit-store.ts';
import { RenderCache } from './render-cache/render-cache.ts';
import { servePagesFromCache, type OnPageHit } from './render-cache/middleware.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { AdStatsCounter, isCountedVisit } from './services/ad-stats.ts';
import { ping } from '#db/connection.ts';
import { routes } from './http/route.ts';
import { budgetOf } from './http/budgets.ts';
import { createFastPath, type FastPath } from './fast-path.ts';
import { RenderSlots } from './render-slots.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { loadStaticSite, type StaticSite } from './static-site.ts';
import { categoryRoutes } from './category-routes.ts';
import { SearchIndexHolder } from '#db/search/search-index-holder.ts';
import type { AppDeps, RouterDeps } from './deps.ts';

export type { AppDeps } from './deps.ts';
import { isReceiptUploadPath, MERCADOPAGO_WEBHOOK_PATH, paymentsRouters } from './routes/payments/routes.ts';
import { mailPreferencesRouter } from './routes/mail-preferences/routes.ts';
import { browserDataRouter } from './routes/browser-data/routes.ts';
import { searchAlertsRouter } from './routes/search-alerts/routes.ts';
import { safetyAlertsRouter } from './routes/safety-alerts/routes.ts';
import { checkInRouter } from './routes/check-in/routes.ts';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '#core/mail-preferences/mail-footer.ts';
import { nodeClientAddresses, nodeRequestSources, requestSource, requestSources, sourceOfAddress } from './http/request-source.ts';

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
const gzipOrBrotli = compression({ threshold: 1024 }) as unknown as NodeMiddleware;

/** A visitor closing the tab mid-download is not a server fault; anything else is logged by path only. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
function logStreamError(err: NodeJS.ErrnoException, ctx?: Koa.Context): void {
  if (err.code && CLIENT_GONE.has(err.code)) return;
  if ((err as { expose?: boolean }).expose) return;
  console.error(`Error streaming ${ctx?.method ?? ''} ${ctx?.path ?? ''}:`, err);
}

/**
 * Koa with the fast path in front (api/fast-path.ts): the request listener that callback() returns answers what is
 * already made from memory and hands every other request to Koa.
 */
export class VeladaApp extends Koa {
  fastPath: FastPath | null = null;
  beaconPath: BeaconPath | null = null;

  override callback(): ReturnType<Koa['callback']> {
    const koa = super.callback();
    const fast = this.fastPath;
    const beacons = this.beaconPath;
    // Velada serves HTTP/1.1 only (node:http), so the request is always an IncomingMessage.
    return (req, res) => {
      if (fast?.(req as IncomingMessage, res as ServerResponse, () => void koa(req, res))) return Promise.resolve();
      if (beacons?.(req as IncomingMessage, res as ServerResponse, koa)) return Promise.resolve();
      return koa(req, res);
    };
  }
}

export async function createApp(deps: AppDeps): Promise<VeladaApp> {
  // Behind a proxy, only the address the proxy itself saw counts (the rest of X-Forwarded-For is the client's word),
  // and only when the request came from a configured proxy (forwardedHeadersFrom removes the headers otherwise).
  const app = new VeladaApp({ proxy: deps.config.trustedProxies.length > 0, maxIpsCount: 1 });
  app.on('error', logStreamError);

  app.use(forwardedHeadersFrom(deps.config.trustedProxies));
  app.use(requestSources(deps.config.ipv6SourcePrefix));
  app.use(errorHandler());
  app.use(canonicalOrigin(deps.config.publicOrigin));
  app.use(securityHeaders({ production: deps.config.env === 'production' }));
  const rateLimits = deps.rateLimits ?? (await openRateLimitStore(deps.db));
  mountAnalyticsBeacons(app, deps, rateLimits);
  // Public pages already rendered are answered here, compressed once, before any router or renderer runs.
  const renderCache = deps.renderCache ?? new RenderCache({ readVersion: () => readCatalogVersion(deps.db) });
  // A page answered from the render cache counts for the ads it shows, as the page counts them when rendered.
  const adStats = deps.adStats ?? new AdStatsCounter(deps.db);
  // "¿Es de un aviso verificado?" (/verificar-anuncio): a few checks per address, so that nobody walks through numbers.
  const phoneChecks = budgetOf(rateLimits, 'phone-check');
  // Renders per request take their turn here; the render cache refuses a miss early when its turn would be refused.
  const renderSlots = new RenderSlots();
  const staticSite = deps.distDir ? loadStaticSite(path.join(deps.distDir, 'client')) : null;
  // The fast path answers before Koa: the source is read from the Node request, as Koa would read it.
  const sourceOf = nodeRequestSources(deps.config.trustedProxies, deps.config.ipv6SourcePrefix);
  const onPageHit: OnPageHit = (req, entry) => {
    if (entry.shows && req.method === 'GET' && isCountedVisit(req.headers)) adStats.countPage(entry.shows, sourceOf(req));
  };
  // Pages rendered per request: Astro's handler, and what every render finds in Astro.locals.
  const pageHandler = deps.distDir ? await loadAstroHandler(deps.distDir) : null;
  const pageLocals: App.Locals = {
    db: deps.db,
    photosUrl: deps.config.mediaPublicUrl,
    payments: { mercadoPago: Boolean(deps.config.mercadoPago) },
    siteOrigin: deps.config.siteOrigin,
    searchIndex: deps.searchIndex ?? new SearchIndexHolder(deps.db, { currentVersion: () => renderCache.currentVersion() }),
  };
  const shellPages = pageHandler ? (deps.shellPages ?? []).map((page) => new ShellPages(pageHandler, pageLocals, page)) : [];
  app.use(categoryRoutes());
  if (deps.distDir) mountPageCache(app, deps, { renderCache, renderSlots, onPageHit, staticFiles: staticSite?.files, shellPages });
  // `compression` wraps the Node response, so it covers Koa's bodies and the Astro adapter's writes alike.
  app.use((ctx, next) => new Promise((resolve, reject) => gzipOrBrotli(ctx.req, ctx.res, () => next().then(resolve, reject))));

  const mailer = deps.mailer ?? createMailer({ smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom, dataDir: deps.config.dataDir });
  const store = deps.store ?? openObjectStore(deps.config);
  const routerDeps: RouterDeps = { ...deps, mailer, store, rateLimits, adStats };
  const api = apiRouter(routerDeps);
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw noSuchEndpoint();
    await next();
  });

  app.use(searchEngineFiles({ db: deps.db, origin: deps.config.siteOrigin, partSize: deps.sitemapPartSize }));
  app.use(ageConfirmation({ publicOrigin: deps.config.publicOrigin }));
  app.use(serveAdImages(store, deps.db));
  if (deps.distDir) {
    const clientDir = path.join(deps.distDir, 'client');
    app.use(serveClientFiles(clientDir, staticSite?.paths));
    app.use(untranslatedNotFound(clientDir));
    if (pageHandler)
      app.use(
        astroPages(pageHandler, pageLocals, {
          cache: renderCache,
          adStats,
          slots: renderSlots,
          requestLocals: (ctx) => ({ takePhoneCheck: () => phoneChecks.take(requestSource(ctx), ctx.req) }),
        }),
      );
    app.use(notFoundPage(clientDir));
  }
  return app;
}

/**
 * Analytics events (thousands a second at peak) are answered before the render cache, compression and the other
 * routers, none of which they need. Same-origin rule as every API write (beacons may be text/plain).
 */
function mountAnalyticsBeacons(app: VeladaApp, deps: AppDeps, rateLimits: RateLimitStore): void {
  const beaconBudget = analyticsBudget(rateLimits);
  app.beaconPath = createBeaconPath({
    writer: deps.analytics,
    budget: beaconBudget,
    production: deps.config.env === 'production',
    publicOrigin: deps.config.publicOrigin,
    trustedProxies: deps.config.trustedProxies,
    ipv6SourcePrefix: deps.config.ipv6SourcePrefix,
  });
  const beacons = new Router({ prefix: '/api' });
  beacons.use(analyticsRouter(deps.analytics, { db: deps.db, rateLimits }).routes());
  const beaconOrigin = sameOriginWrites(deps.config.publicOrigin, { beaconPaths: ANALYTICS_BEACON_PATHS });
  app.use((ctx, next) => (ctx.path.startsWith('/api/analytics/') ? beaconOrigin(ctx, next) : next()));
  app.use(beacons.routes());
  app.use(beacons.allowedMethods());
}

interface PageCache {
  renderCache: RenderCache;
  renderSlots: RenderSlots;
  onPageHit: OnPageHit;
  staticFiles: StaticSite['files'] | undefined;
  shellPages: ShellPages[];
}

/** Public pages already rendered are answered from the render cache: in Koa, and before Koa by the fast path. */
function mountPageCache(app: VeladaApp, deps: AppDeps, { renderCache, renderSlots, onPageHit, staticFiles, shellPages }: PageCache): void {
  app.use(
    servePagesFromCache(renderCache, {
      onPageHit,
      slots: renderSlots,
      hasLiveSession: async ({ staff, advertiser }) =>
        (await staffSessions.isLive(deps.db, staff)) || (await advertiserSessions.isLive(deps.db, advertiser)),
    }),
  );
  app.fastPath = createFastPath({
    production: deps.config.env === 'production',
    publicOrigin: deps.config.publicOrigin,
    trustsProxies: deps.config.trustedProxies.length > 0,
    renderCache,
    staticFiles,
    onPageHit,
    shellPages,
    renderSlots: {
      slots: renderSlots,
      addressOf: nodeClientAddresses(deps.config.trustedProxies),
      sourceOf: (address) => sourceOfAddress(address, deps.config.ipv6SourcePrefix),
    },
  });
}

/** Every API resource under /api, writes from the site's own origin only. */
function apiRouter(deps: RouterDeps): Router {
  const api = new Router({ prefix: '/api' });
  api.use(
    sameOriginWrites(deps.config.publicOrigin, {
      isUploadPath: (p) => VERIFICATION_UPLOAD_PATHS.includes(p) || isPhotoUploadPath(p) || isSelfieUploadPath(p) || isReceiptUploadPath(p),
      signedPaths: [MERCADOPAGO_WEBHOOK_PATH, ONE_CLICK_UNSUBSCRIBE_PATH],
    }),
  );
  const health = routes(deps, '');
  health.route('get', '/health', { access: 'public', budget: 'health', input: {} }, async (ctx) => {
    await ping(deps.db);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  api.use(health.router.routes());
  api.use(adsRouter(deps).routes());
  api.use(adminAuthRouter(deps).routes());
  api.use(adminDataRouter(deps).router.routes());
  api.use(advertiserAccountRouter(deps).routes());
  api.use(verificationRouter(deps).routes());
  api.use(advertiserAdsRouter(deps).routes());
  api.use(reportAnswersRouter(deps).routes());
  api.use(adPhotosRouter(deps).routes());
  api.use(photoVerificationRouter(deps).routes());
  api.use(availabilityRouter(deps).routes());
  api.use(reportsRouter(deps).routes());
  api.use(consumerRouter(deps).routes());
  api.use(advertiserDataRouter(deps).routes());
  for (const router of paymentsRouters(deps)) api.use(router.routes());
  api.use(mailPreferencesRouter(deps).routes());
  api.use(browserDataRouter(deps).routes());
  api.use(searchAlertsRouter(deps).routes());
  api.use(safetyAlertsRouter(deps).routes());
  api.use(checkInRouter(deps).routes());
  return api;
}
