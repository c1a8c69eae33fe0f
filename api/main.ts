// Starts Velada: configuration, database (migrated, seeded when empty), the super admin, the site build when
// missing, then one HTTP server for everything. `npm start` runs this file.
import './threadpool.ts'; // first: sizes libuv's thread pool before anything uses it
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, operatorWarning, type Config } from './config.ts';
import { localAlertPhoneKey, localIdentityKey } from './local-keys.ts';
import { createApp } from './app.ts';
import { STOP_GRACE_MS, stoppable } from './server-stop.ts';
import { AnalyticsWriter } from './services/analytics-writer.ts';
import { RenderCache } from './render-cache/render-cache.ts';
import { openStatsOnce } from './services/stats-once-redis.ts';
import type { StatsOnce } from './services/stats-once.ts';
import { AdStatsCounter } from './services/ad-stats.ts';
import { listenForCatalogChanges, readCatalogVersion } from '#db/queries/catalog-version.ts';
import { SearchIndexHolder } from '#db/search/search-index-holder.ts';
import { refreshSearchOrder, startJobs } from './jobs.ts';
import { webPushSender } from './services/search-alerts-job.ts';
import { buildOperatorDiffers, buildOriginDiffers, buildRefusesImagesFrom } from './static-site.ts';
import { createMailer } from './services/mail.ts';
import { openObjectStore, type ObjectStore } from './services/object-store/object-store.ts';
import { openRateLimitStore, type RateLimitStore } from './services/rate-limit-store.ts';
import { migrate, openDb, ping, type Db } from '#db/connection.ts';
import { prepareAlertPhoneKey } from '#db/queries/alert-phone-key.ts';
import { seedDemoIfEmpty } from '#tooling/seeds/first-start.ts';
import { SUPER_ADMIN_USERNAME, ensureSuperAdmin } from '#api/services/super-admin.ts';
import { DEMO_PARTNER_USERNAME } from '#tooling/seeds/panel-demo.ts';
import { searchPageShells } from '#site/server/search-page-parts.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(rootDir, 'dist');

/** Builds the site when there is no build, for `origin` (the canonical address of its prerendered pages). */
function buildSiteIfMissing(origin: string): void {
  if (fs.existsSync(path.join(distDir, 'server', 'entry.mjs'))) return;
  console.log('No build found: building the site (about 15 s)...');
  const result = spawnSync(process.execPath, [path.join(rootDir, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: rootDir,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? origin },
  });
  if (result.status !== 0) throw new Error('The site build failed; see the output above.');
}

async function prepareDatabase(db: Db, config: Config, store: ObjectStore): Promise<void> {
  await migrate(db);
  const started = Date.now();
  const onProgress = (line: string) =>
    console.log(line.startsWith(' ') ? `${line} (${((Date.now() - started) / 1000).toFixed(1)} s)` : line);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(db, store, { identityKey: config.identityKey, onProgress }) : null;
  if (seeded) {
    console.log(
      `Demo data created: ${seeded.ads} published ads, subscribers to verify, payments, bank accounts and ${seeded.pageviews} page views over 30 days.`,
    );
    console.log(
      `Demo partner admin created: user "${DEMO_PARTNER_USERNAME}", password "${seeded.partnerPassword}" (shown only this once).`,
    );
  }
  // Before any alert is filed or looked up: stored hashes under the configured key (decision 046). After the seed,
  // which another process starting together may be writing: on SQLite its write would wait for it no longer than 5 s.
  const alertKey = await prepareAlertPhoneKey(db, config.alertPhoneKey!);
  if (alertKey === 'adopted')
    console.log('Safety-alert numbers now hashed with ALERT_PHONE_KEY; the key kept in the database was removed.');
  if (alertKey === 'wrong_key')
    throw new ConfigError(
      'ALERT_PHONE_KEY is not the key the stored safety alerts were hashed with: set the right one, or finish a rotation with npm run alerts:rekey.',
    );
  const admin = await ensureSuperAdmin(db, config.adminPassword);
  if (admin.generatedPassword) {
    console.log(`Super admin created: user "${SUPER_ADMIN_USERNAME}", password "${admin.generatedPassword}" (shown only this once).`);
  } else if (admin.created) {
    console.log(`Super admin created: user "${SUPER_ADMIN_USERNAME}" with the password from ADMIN_PASSWORD.`);
  }
  if (admin.created || seeded) console.log(secondStepNotice(config.staffWithoutSecondStep));
}

/** What a first start says about the panel's second step (decision 069). */
function secondStepNotice(withoutSecondStep: readonly string[]): string {
  const exempt = withoutSecondStep.length
    ? `; ${withoutSecondStep.map((name) => `"${name}"`).join(', ')} may skip it while developing (STAFF_WITHOUT_SECOND_STEP)`
    : '';
  return `Staff set up a second step (a passkey or an authenticator app) at their first sign-in${exempt}.`;
}

/**
 * The data folder 0700 and the SQLite files in it 0600, also for installs made before umask was set: documents
 * and receipts were already private, the database beside them was readable by every local user.
 */
export function secureDataDir(config: Pick<Config, 'dataDir'>): void {
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(config.dataDir, 0o700);
  for (const name of fs.readdirSync(config.dataDir)) {
    if (/\.sqlite(-wal|-shm|-journal)?$/.test(name)) fs.chmodSync(path.join(config.dataDir, name), 0o600);
  }
}

/**
 * Requests in flight and those already on their way finish (`stopServer`, from stoppable(); analytics requests once
 * their events are committed), then the analytics writer stops taking items and the rate limits' Redis connection (if
 * any) closes, then (once the scheduled jobs' runs in progress are done, if any) the database closes.
 */
export async function stopServing(
  stopServer: () => Promise<void>,
  analytics: AnalyticsWriter,
  db: Db,
  stopJobs?: () => Promise<void>,
  adStats?: AdStatsCounter,
  rateLimits?: RateLimitStore,
): Promise<void> {
  await stopServer();
  await analytics.close();
  await adStats?.close();
  await rateLimits?.close();
  await stopJobs?.();
  await db.destroy();
}

/**
 * The search index of the catalogue, built before the server listens: searches right after a start (a deploy, a
 * restart) are answered from it, instead of from the database while a first build runs beside them (decision 024).
 * A build that fails leaves searches to the database; a search starts another at most 15 s after this one began.
 */
export async function buildSearchIndex(db: Db, renderCache: RenderCache): Promise<SearchIndexHolder> {
  const searchIndex = new SearchIndexHolder(db, { currentVersion: () => renderCache.currentVersion() });
  await searchIndex.rebuild();
  return searchIndex;
}

export { localIdentityKey } from './local-keys.ts';

/** Stops the start with one line saying what to fix. */
function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) exitWith(err.message);
    throw err;
  }
}

async function openDbOrExit(config: Config): Promise<Db> {
  const db = openDb(config.databaseUrl, config.dataDir);
  try {
    await ping(db);
  } catch (err) {
    exitWith(`Cannot connect to the database: ${(err as Error).message}`);
  }
  return db;
}

/** The site built (when it was not) for this configuration: a build that would refuse the photos' address stops the start. */
function checkSiteBuild(config: Config): void {
  buildSiteIfMissing(config.siteOrigin);
  const mediaRefused = config.mediaPublicUrl ? buildRefusesImagesFrom(path.join(distDir, 'client'), config.mediaPublicUrl) : null;
  if (mediaRefused) exitWith(mediaRefused);
  const originDiffers = buildOriginDiffers(path.join(distDir, 'client'), config.siteOrigin);
  if (originDiffers) console.warn(originDiffers);
  // The footer's operator: unset in production, or set but not in the build's pages.
  const operatorMissing = operatorWarning(config);
  if (operatorMissing) console.warn(operatorMissing);
  const operatorDiffers = buildOperatorDiffers(path.join(distDir, 'client'), config.operator);
  if (operatorDiffers) console.warn(operatorDiffers);
}

function listen(server: http.Server, config: Config): void {
  server.on('error', (err: NodeJS.ErrnoException) => {
    exitWith(
      err.code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use: stop the other server or set PORT to a free port.`
        : `The server could not start: ${err.message}`,
    );
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Velada is running at http://localhost:${port}/ (${config.databaseUrl?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'})`);
  });
}

export async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // Everything this process creates (the database and its journal, uploads, keys, the outbox) is its own only.
  process.umask(0o077);
  secureDataDir(config);
  try {
    config.identityKey ??= localIdentityKey(config);
    config.alertPhoneKey ??= localAlertPhoneKey(config);
  } catch (err) {
    exitWith((err as Error).message);
  }
  const db = await openDbOrExit(config);
  secureDataDir(config);
  const store = openObjectStore(config);
  try {
    await prepareDatabase(db, config, store);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    exitWith(err.message);
  }
  // `--prepare-only`: the data folder made ready (migrated, seeded, super admin) and nothing served. The end-to-end
  // run prepares one folder this way while the site builds, then starts a server on each copy of it.
  if (process.argv.includes('--prepare-only')) {
    await db.destroy();
    return;
  }
  let rateLimits: RateLimitStore;
  let statsOnce: StatsOnce;
  try {
    rateLimits = await openRateLimitStore(db, { redisUrl: config.redisUrl });
    // Which ad statistics count (decision 045): shared through Redis when set, this process's memory otherwise.
    statsOnce = await openStatsOnce({ redisUrl: config.redisUrl });
  } catch (err) {
    exitWith((err as Error).message);
  }
  checkSiteBuild(config);

  // The index first, while nothing else runs: a signal meanwhile interrupts nothing, and no job is changing the
  // catalogue under the build.
  const renderCache = new RenderCache({ readVersion: () => readCatalogVersion(db) });
  // On PostgreSQL a change through another process reaches this one's cache at once, not at its next reading.
  const stopListening = await listenForCatalogChanges(db, () => renderCache.checkSoon());
  // The ranks of this rotation window before the index is built from them: a start in a later window than the last
  // run would otherwise rewrite them right after, raising the catalog version and building the index again.
  await refreshSearchOrder(db);
  const searchIndex = await buildSearchIndex(db, renderCache);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  let stopJobs: () => Promise<void>;
  try {
    stopJobs = await startJobs({
      db,
      store,
      mailer,
      siteOrigin: config.siteOrigin,
      staffAlertEmail: config.staffAlertEmail,
      pushSender: webPushSender(db, config),
    });
  } catch (err) {
    exitWith(`The scheduled jobs could not start: ${(err as Error).message}`);
  }
  const analytics = new AnalyticsWriter(db);
  logRenderCacheStats(renderCache);
  const adStats = new AdStatsCounter(db, { once: statsOnce });
  const app = await createApp({
    db,
    config,
    distDir,
    analytics,
    mailer,
    store,
    renderCache,
    adStats,
    searchIndex,
    rateLimits,
    shellPages: searchPageShells,
  });
  const server = http.createServer(app.callback());
  const stopServer = stoppable(server);
  listen(server, config);

  const shutdown = () => {
    searchIndex.close();
    void stopListening();
    // Past the requests' grace time, what follows them (the analytics drain, the jobs' runs, the database) has 5 s.
    setTimeout(() => process.exit(0), STOP_GRACE_MS + 5_000).unref();
    // The jobs' runs in progress finish with the requests in flight; the database closes after both.
    void stopServing(stopServer, analytics, db, stopJobs, adStats, rateLimits).then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** Every 10 minutes with traffic: how the render cache did (counts only, no URLs). */
function logRenderCacheStats(cache: RenderCache): void {
  let last = { hits: 0, misses: 0 };
  setInterval(() => {
    const s = cache.stats();
    const hits = s.hits - last.hits;
    const misses = s.misses - last.misses;
    last = { hits: s.hits, misses: s.misses };
    if (hits + misses === 0) return;
    console.log(
      `Render cache: ${hits} hits, ${misses} misses in 10 min; ${s.entries} pages, ${(s.bytes / 1048576).toFixed(1)} MB, ${s.evictions} evictions and ${s.unkept} pages made once and not kept so far`,
    );
  }, 600_000).unref();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
