// Speed benchmark (docs/benchmarks.md, "Public pages and ingestion against nginx"): one process of our server
// (production mode, 100,000 ads on SQLite) against nginx serving the same bytes, in the same run, under wrk with one
// thread and 50 connections. One JSON line per case:
// - search-random: a new filter set per request (text x category x zone x one filter): nearly every one a cache miss;
// - search-broad: a broad word or a name, with a category or a zone, on pages 1-3 (misses with many matches);
// - search-popular: 60 filter sets drawn at random (cache hits once warm);
// - ad-page: one ad page repeated (hits); home: the prerendered home; home-strip: its featured strip (a server
//   island, rendered once per catalog version);
// - search-popular-pt, ad-page-pt, landing-pt, home-pt: the same pages in Portuguese;
// - ingest: POST /api/analytics/track on a fresh SQLite database against nginx's `return 204`; every acknowledged
//   (204) pageview must be stored after a SIGTERM, and after a kill -9 in the middle of the load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathIn } from '#shared/i18n/routes.ts';
import { migrate, openDb } from '#db/connection.ts';
import { openAnalyticsInbox } from '#db/analytics-inbox/index.ts';
import { allLandings } from '#shared/search-engines.ts';
import { BENCH_ADS, ensureBenchData } from './lib/bench-data.ts';
import { BENCH_DATA_DIR, isMain, log, round } from './lib/common.ts';
import { getBody, getResponse } from './lib/http.ts';
import { ensureSiteBuild, startAppServer, startServer, type RunningServer } from './lib/processes.ts';
import { startBaseline, startNodeStatic, type Baseline, type BaselineRoute } from './lib/nginx.ts';
import { hasWrk, wrk, type WrkResult } from './lib/wrk.ts';
import { broadSearchMix, ingestScript, pickUrlScript, popularUrls, randomSearchMix } from './lib/wrk-scripts.ts';
import { CONNECTIONS, DURATION_S, WARMUP_S, measure, waitIdle, type Load } from './lib/measure.ts';

const WORK_DIR = path.join(BENCH_DATA_DIR, 'speed');

/** SPEED_CASES=search-random,ingest runs only those cases (all by default). */
const wanted = (name: string) => !process.env.SPEED_CASES || process.env.SPEED_CASES.split(',').includes(name);

/** A page's case: `url` is also the page sampled for the baseline's bytes. */
interface PageCase extends Load {
  name: string;
  /** Which URLs of the baseline answer with the sampled bytes. */
  baselinePath: string;
}

async function pageCase(ours: RunningServer, c: PageCase): Promise<Record<string, unknown>> {
  const sample = await getBody(ours.origin + c.url);
  // Asked again: the headers of a hit, as wrk's requests get them.
  const { headers } = await getResponse(ours.origin + c.url);
  const file = path.join(WORK_DIR, `${c.name}.html`);
  fs.writeFileSync(file, sample);
  const routes = [{ path: c.baselinePath, file } satisfies BaselineRoute];
  const baseline = await startBaseline(path.join(WORK_DIR, 'nginx'), routes);
  try {
    log(`${c.name}: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, ours then ${baseline.kind}`);
    const oursResult = await measure(ours.origin, c, { settle: () => waitIdle(ours.origin), visitor: true });
    const baselineResult = await measure(baseline.origin, c);
    const nodeHttp = await nodeCeiling(baseline, routes, (origin) => measure(origin, c), headers);
    const visitor = oursResult.visitor ? `, a visitor's p99 ${oursResult.visitor.latencyMs.p99} ms` : '';
    log(`${c.name}: ${oursResult.requestsPerSec} req/s (p99 ${oursResult.latencyMs.p99} ms${visitor}) vs ${baselineResult.requestsPerSec}`);
    return {
      benchmark: `speed-${c.name}`,
      url: c.url,
      htmlBytes: sample.length,
      ours: oursResult,
      baseline: { kind: baseline.kind, ...baselineResult },
      ratio: round(oursResult.requestsPerSec / baselineResult.requestsPerSec, 4),
      ...nodeHttp,
    };
  } finally {
    await baseline.stop();
  }
}

/**
 * Node's own ceiling for a case: a plain node:http server with the same bytes (no application), measured after nginx
 * in the same run; its ratio to nginx bounds what any Node server can reach here. With our answer's `headers` too
 * (a page's security headers, CSP, ETag... about 1.4 KB), measured apart: what node:http itself costs to send our
 * exact answer, the ceiling of our server here. Skipped with NODE_CEILING=false, and when the baseline is that server
 * already (no nginx).
 */
async function nodeCeiling(
  baseline: Baseline,
  routes: BaselineRoute[],
  run: (origin: string) => Promise<WrkResult>,
  headers?: Record<string, string>,
): Promise<Record<string, unknown>> {
  if (process.env.NODE_CEILING === 'false' || baseline.kind !== 'nginx') return {};
  const nodeHttp = await plainRun(routes, run, {});
  log(`plain node:http with the same bytes: ${nodeHttp.requestsPerSec} req/s`);
  if (!headers) return { nodeHttp };
  const nodeHttpOurHeaders = await plainRun(routes, run, headers);
  log(`plain node:http with the same bytes and our headers: ${nodeHttpOurHeaders.requestsPerSec} req/s`);
  return { nodeHttp, nodeHttpOurHeaders };
}

async function plainRun(routes: BaselineRoute[], run: (origin: string) => Promise<WrkResult>, headers: Record<string, string>) {
  const plain = await startNodeStatic(routes, headers);
  try {
    return await run(plain.origin);
  } finally {
    await plain.stop();
  }
}

export async function freshDatabase(name: string): Promise<{ dataDir: string; databaseUrl: string }> {
  const dataDir = path.join(WORK_DIR, name);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = `sqlite:${path.join(dataDir, 'velada.sqlite')}`;
  const db = openDb(databaseUrl, dataDir);
  await migrate(db);
  await db.destroy();
  return { dataDir, databaseUrl };
}

/**
 * The inbox when the load ends (acknowledged events not yet in the rollups) and how long the server takes to drain
 * it once the load is over, read from a connection of our own while the server drains.
 */
async function drainBacklog(databaseUrl: string, dataDir: string): Promise<{ itemsAtEnd: number; drainedInS: number }> {
  const db = openDb(databaseUrl, dataDir);
  const inbox = openAnalyticsInbox(db);
  const inInbox = () => inbox.pending();
  try {
    const started = performance.now();
    const itemsAtEnd = await inInbox();
    while ((await inInbox()) > 0 && performance.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 100));
    return { itemsAtEnd, drainedInS: round((performance.now() - started) / 1000) };
  } finally {
    await inbox.close();
    await db.destroy();
  }
}

/** Pageviews stored once the inbox is drained (what the next start of the server does after a kill). */
async function storedPageviews(databaseUrl: string, dataDir: string): Promise<number> {
  const db = openDb(databaseUrl, dataDir);
  const inbox = openAnalyticsInbox(db);
  try {
    while ((await inbox.drain(5_000)).taken > 0);
    return Number((await db('analytics_pageviews').count({ n: '*' }).first())?.n);
  } finally {
    await inbox.close();
    await db.destroy();
  }
}

export function startIngestServer(dataDir: string, databaseUrl: string): Promise<RunningServer> {
  return startServer('app-server.ts', {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
  });
}

async function ingestCase(everyEventNew = false): Promise<Record<string, unknown>> {
  const name = everyEventNew ? 'ingest-all-new' : 'ingest';
  const script = ingestScript(everyEventNew);
  const run = (origin: string, durationS: number, onStart?: () => void) =>
    wrk({ url: `${origin}/api/analytics/track`, connections: CONNECTIONS, durationS, script, dir: WORK_DIR }, onStart);
  const acknowledged = (r: WrkResult) => r.requests - r.non2xx;

  log(`${name}: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, then SIGTERM`);
  const terminated = await freshDatabase(name);
  const ours = await startIngestServer(terminated.dataDir, terminated.databaseUrl);
  const warmup = await run(ours.origin, WARMUP_S);
  const oursResult = await run(ours.origin, DURATION_S);
  const backlog = await drainBacklog(terminated.databaseUrl, terminated.dataDir);
  await ours.stop();
  const storedAfterTerm = await storedPageviews(terminated.databaseUrl, terminated.dataDir);
  const acknowledgedAfterTerm = acknowledged(warmup) + acknowledged(oursResult);

  log(`${name}: kill -9 after 2 s of load`);
  const killed = await freshDatabase(`${name}-killed`);
  const victim = await startIngestServer(killed.dataDir, killed.databaseUrl);
  const underKill = await run(victim.origin, 4, () => setTimeout(() => process.kill(victim.pid, 'SIGKILL'), 2000));
  await victim.stop();
  const storedAfterKill = await storedPageviews(killed.databaseUrl, killed.dataDir);

  const baseline = await startBaseline(path.join(WORK_DIR, 'nginx'), []);
  let baselineResult: WrkResult;
  try {
    await run(baseline.origin, WARMUP_S);
    baselineResult = await run(baseline.origin, DURATION_S);
  } finally {
    await baseline.stop();
  }
  const nodeHttp = await nodeCeiling(baseline, [], async (origin) => {
    await run(origin, WARMUP_S);
    return run(origin, DURATION_S);
  });
  log(`${name}: ${oursResult.requestsPerSec} events/s (p99 ${oursResult.latencyMs.p99} ms) vs ${baselineResult.requestsPerSec}`);
  log(`${name}: ${backlog.itemsAtEnd} events in the inbox when the load ended, drained in ${backlog.drainedInS} s`);
  return {
    benchmark: `speed-${name}`,
    database: 'sqlite',
    ours: oursResult,
    baseline: { kind: baseline.kind, ...baselineResult },
    ratio: round(oursResult.requestsPerSec / baselineResult.requestsPerSec, 4),
    ...nodeHttp,
    inboxAfterLoad: backlog,
    sigterm: { acknowledged: acknowledgedAfterTerm, stored: storedAfterTerm, lost: Math.max(0, acknowledgedAfterTerm - storedAfterTerm) },
    sigkill: {
      acknowledged: acknowledged(underKill),
      stored: storedAfterKill,
      lost: Math.max(0, acknowledged(underKill) - storedAfterKill),
    },
  };
}

/** The address the prerendered home fetches its featured strip (a server island) from. */
async function featuredStripPath(origin: string): Promise<string> {
  const html = (await getBody(`${origin}/`)).toString('utf8');
  const match = /"(\/_server-islands\/FeaturedAds\?[^"]+)"/.exec(html);
  if (!match) throw new Error('no featured strip island found on /');
  return match[1]!.replaceAll('&amp;', '&');
}

/** The first ad page the home page links to. */
async function someAdPath(origin: string): Promise<string> {
  const html = (await getBody(`${origin}/buscar`)).toString('utf8');
  const match = /href="(\/anuncio\/[a-z0-9-]+)"/.exec(html);
  if (!match) throw new Error('no ad link found on /buscar');
  return match[1]!;
}

export async function runSpeedBenchmark(): Promise<Record<string, unknown>[]> {
  if (!hasWrk()) throw new Error('wrk is not installed: apt-get install -y wrk');
  const started = performance.now();
  const machine = {
    loadAverageAtStart: round(os.loadavg()[0]!),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    node: process.version,
  };
  fs.mkdirSync(WORK_DIR, { recursive: true });
  await ensureBenchData();
  ensureSiteBuild();
  const lines: Record<string, unknown>[] = [];
  const ours = await startAppServer();
  try {
    const adPath = await someAdPath(ours.origin);
    const popular = popularUrls();
    // The landing pages of one category (each barrio and zone), under one prefix for the baseline.
    const landings = allLandings()
      .filter((l) => l.categoria === 'masajes')
      .map((l) => l.path);
    const popularPt = popular.map((url) => pathIn('pt', url));
    const landingsPt = allLandings('pt')
      .filter((l) => l.categoria === 'masajes')
      .map((l) => l.path);
    const cases: PageCase[] = [
      {
        name: 'search-random',
        url: '/buscar?q=relax&categoria=masajes&zona=palermo&idioma=ingles',
        mix: randomSearchMix(),
        baselinePath: '/buscar*',
      },
      {
        name: 'search-broad',
        url: '/buscar?q=hola&pagina=2',
        mix: broadSearchMix(),
        baselinePath: '/buscar*',
      },
      { name: 'search-popular', url: popular[0]!, script: pickUrlScript(popular), baselinePath: '/buscar*' },
      { name: 'ad-page', url: adPath, baselinePath: adPath },
      { name: 'landing', url: landings[0]!, script: pickUrlScript(landings), baselinePath: '/masajes/*' },
      { name: 'home', url: '/', baselinePath: '/' },
      { name: 'home-strip', url: await featuredStripPath(ours.origin), baselinePath: '/_server-islands/*' },
      // The same pages in Portuguese (docs/decisions/070-languages.md): cached per language, hits as the Spanish ones.
      { name: 'search-popular-pt', url: popularPt[0]!, script: pickUrlScript(popularPt), baselinePath: '/pt/busca*' },
      { name: 'ad-page-pt', url: pathIn('pt', adPath), baselinePath: pathIn('pt', adPath) },
      { name: 'landing-pt', url: landingsPt[0]!, script: pickUrlScript(landingsPt), baselinePath: '/pt/massagens/*' },
      { name: 'home-pt', url: '/pt/', baselinePath: '/pt/' },
    ];
    for (const c of cases.filter((c) => wanted(c.name)))
      lines.push({ ...(await pageCase(ours, c)), ads: BENCH_ADS, connections: CONNECTIONS, durationS: DURATION_S, ...machine });
  } finally {
    await ours.stop();
  }
  if (wanted('ingest')) lines.push({ ...(await ingestCase()), connections: CONNECTIONS, durationS: DURATION_S, ...machine });
  if (wanted('ingest-all-new')) lines.push({ ...(await ingestCase(true)), connections: CONNECTIONS, durationS: DURATION_S, ...machine });
  log(`speed benchmark done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return lines;
}

if (isMain(import.meta.url)) {
  for (const line of await runSpeedBenchmark()) process.stdout.write(`${JSON.stringify(line)}\n`);
}
