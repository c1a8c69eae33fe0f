// Speed benchmark (docs/benchmarks.md, "Public pages and ingestion against nginx"): one process of our server
// (production mode, 100,000 ads on SQLite) against nginx serving the same bytes, in the same run, under wrk with one
// thread and 50 connections. One JSON line per case:
// - search-random: a new filter set per request (text x category x zone x one filter): nearly every one a cache miss;
// - search-popular: 60 filter sets drawn at random (cache hits once warm);
// - ad-page: one ad page repeated (hits); home: the prerendered home; home-strip: its featured strip (a server
//   island, rendered once per catalog version);
// - ingest: POST /api/analytics/track on a fresh SQLite database against nginx's `return 204`; every acknowledged
//   (204) pageview must be stored after a SIGTERM, and after a kill -9 in the middle of the load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDb } from '#db/connection.ts';
import { openAnalyticsInbox } from '#db/analytics-inbox/index.ts';
import {
  ATTENTION_TYPES,
  AGE_RANGES,
  AVAILABILITY_OPTIONS,
  BARRIOS,
  CATEGORIES,
  LANGUAGES,
  PRICE_RANGES,
  SERVICE_TYPES,
  ZONES,
} from '#shared/catalogue.ts';
import { allLandings } from '#shared/search-engines.ts';
import { BENCH_ADS, ensureBenchData } from './lib/bench-data.ts';
import { BENCH_DATA_DIR, isMain, log, round } from './lib/common.ts';
import { getBody } from './lib/http.ts';
import { ensureSiteBuild, startAppServer, startServer, type RunningServer } from './lib/processes.ts';
import { startBaseline, startNodeStatic, type BaselineRoute } from './lib/nginx.ts';
import { hasWrk, wrk, type WrkResult } from './lib/wrk.ts';

export const CONNECTIONS = 50;
/** Seconds of load before each measured run (WARMUP_S=12 to tell a slow start from a slow steady state). */
export const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
export const DURATION_S = 10;
const WORK_DIR = path.join(BENCH_DATA_DIR, 'speed');

/** SPEED_CASES=search-random,ingest runs only those cases (all by default). */
const wanted = (name: string) => !process.env.SPEED_CASES || process.env.SPEED_CASES.split(',').includes(name);

const lua = (values: string[]) => `{${values.map((v) => JSON.stringify(v)).join(',')}}`;

/** One more filter of a random search: a language, a service, an attention, a price, an age, a time, or a flag. */
function oneMoreFilter(): string[] {
  return [
    ...LANGUAGES.map((x) => `idioma=${x.value}`),
    ...SERVICE_TYPES.map((x) => `servicio=${x.value}`),
    ...ATTENTION_TYPES.map((x) => `atencion=${x.value}`),
    ...PRICE_RANGES.map((x) => `precio=${x.value}`),
    ...AGE_RANGES.map((x) => `edad=${x.value}`),
    ...AVAILABILITY_OPTIONS.map((x) => `disponibilidad=${x.value}`),
    'verificacion=fotos',
    'orden=recientes',
    'pagina=2',
  ];
}

/** Lua picking a random filter set per request: text x category x zone x one more filter, each possibly absent. */
export function randomSearchScript(): string {
  const texts = ['', 'masajes', 'relax', 'hotel', 'departamento', 'ingles', 'centro', 'noche', 'discreta', 'spa', 'palermo', 'recoleta'];
  const categories = ['', ...CATEGORIES.map((c) => c.value)];
  const zones = ['', ...ZONES.map((z) => z.value), ...BARRIOS.map((b) => b.slug)];
  const filters = oneMoreFilter();
  return `
local texts = ${lua(texts)}
local categories = ${lua(categories)}
local zones = ${lua(zones)}
local filters = ${lua(filters)}
math.randomseed(${Date.now() % 1_000_000})
local function pick(list) return list[math.random(#list)] end
request = function()
  local parts = {}
  local text, category, zone = pick(texts), pick(categories), pick(zones)
  if text ~= "" then parts[#parts + 1] = "q=" .. text end
  if category ~= "" then parts[#parts + 1] = "categoria=" .. category end
  if zone ~= "" then parts[#parts + 1] = "zona=" .. zone end
  parts[#parts + 1] = pick(filters)
  return wrk.format("GET", "/buscar?" .. table.concat(parts, "&"))
end`;
}

/**
 * Lua picking a random search of the kind an outside bench makes: a broad word of the ads' texts (found in a large
 * share of the catalogue), an advertiser's name or a word's first letters, with a category, a zone and one more
 * filter or not, on page 1, 2 or 3: misses (some 80,000 sets) whose matches are many, and deeper pages.
 */
export function broadSearchScript(): string {
  const broadWords = [
    'hola',
    'soy',
    'atencion',
    'buena',
    'charla',
    'citas',
    'compania',
    'encuentro',
    'trato',
    'horarios',
    'lugar',
    'enc',
    'com',
  ];
  const names = ['sofia', 'valentina', 'lucia', 'camila', 'thiago', 'matias', 'joaquin', 'renata', 'luna', 'bruno'];
  const categories = ['', ...CATEGORIES.map((c) => c.value)];
  const zones = ['', ...ZONES.map((z) => z.value)];
  return `
local words = ${lua([...broadWords, ...names])}
local categories = ${lua(categories)}
local zones = ${lua(zones)}
local filters = ${lua(['', ...oneMoreFilter().filter((f) => !f.startsWith('pagina='))])}
math.randomseed(${(Date.now() + 1) % 1_000_000})
local function pick(list) return list[math.random(#list)] end
request = function()
  local parts = { "q=" .. pick(words) }
  local category, zone, filter = pick(categories), pick(zones), pick(filters)
  if category ~= "" then parts[#parts + 1] = "categoria=" .. category end
  if zone ~= "" then parts[#parts + 1] = "zona=" .. zone end
  if filter ~= "" then parts[#parts + 1] = filter end
  local page = math.random(3)
  if page > 1 then parts[#parts + 1] = "pagina=" .. page end
  return wrk.format("GET", "/buscar?" .. table.concat(parts, "&"))
end`;
}

/** The popular filter sets: a category in a zone, or a category alone. */
export function popularUrls(): string[] {
  const urls = CATEGORIES.map((c) => `/buscar?categoria=${c.value}`);
  for (const c of CATEGORIES) for (const z of ZONES) urls.push(`/buscar?categoria=${c.value}&zona=${z.value}`);
  for (const b of BARRIOS.slice(0, 60 - urls.length)) urls.push(`/buscar?zona=${b.slug}`);
  return urls.slice(0, 60);
}

export const pickUrlScript = (urls: string[]) => `
local urls = ${lua(urls)}
request = function() return wrk.format("GET", urls[math.random(#urls)]) end`;

/** Pageviews of 50,000 visitors, each from its own address (the server trusts X-Forwarded-For from this machine). */
/**
 * Pageviews as wrk posts them: 50,000 visitors, each from an address of its own, taken in turn; or (`everyEventNew`,
 * the harsh case) every event a new visitor from a new address, so that nothing per visitor or per source is ever
 * found already made.
 */
export function ingestScript(everyEventNew = false): string {
  return `
local n = 0
request = function()
  n = n + 1
  local v = ${everyEventNew ? 'n' : 'n % 50000'}
  local body = string.format('{"eventType":"pageview","visitorId":"00000000-0000-4000-8000-%012x","sessionId":"00000000-0000-4000-9000-%012x","pageUrl":"https://velada.example/anuncio/aviso-%d","pageTitle":"Aviso %d | Velada","referrer":"https://www.google.com/","screenResolution":"390x844","source":"google","medium":"organic"}', v, v, n % 5000, n % 5000)
  return wrk.format("POST", "/api/analytics/track", {
    ["Content-Type"] = "application/json",
    ["Sec-Fetch-Site"] = "same-origin",
    ["User-Agent"] = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(v / 65536) % 256, math.floor(v / 256) % 256, v % 256)
  }, body)
end`;
}

export const INGEST_SCRIPT = ingestScript();

interface PageCase {
  name: string;
  /** The URL wrk starts from (and the page sampled for the baseline's bytes). */
  url: string;
  script?: string;
  /** Which URLs of the baseline answer with the sampled bytes. */
  baselinePath: string;
}

/**
 * Waits until the server answers /api/health quickly: wrk stops at its deadline, but the server still works
 * through the requests it had accepted (renders queued), which would otherwise slow down the next measurement.
 */
export async function waitIdle(origin: string): Promise<void> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const started = performance.now();
    await getBody(`${origin}/api/health`);
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${origin} still busy after 120 s`);
}

/** A warm-up, then the measured run; `settle` (our server's waitIdle) before each. */
export async function measure(origin: string, c: { url: string; script?: string }, settle = async () => {}): Promise<WrkResult> {
  const run = (durationS: number) => wrk({ url: origin + c.url, connections: CONNECTIONS, durationS, script: c.script, dir: WORK_DIR });
  await settle();
  await run(WARMUP_S);
  await settle();
  return run(DURATION_S);
}

async function pageCase(ours: RunningServer, c: PageCase): Promise<Record<string, unknown>> {
  const sample = await getBody(ours.origin + c.url);
  const file = path.join(WORK_DIR, `${c.name}.html`);
  fs.writeFileSync(file, sample);
  const routes = [{ path: c.baselinePath, file } satisfies BaselineRoute];
  const baseline = await startBaseline(path.join(WORK_DIR, 'nginx'), routes);
  try {
    log(`${c.name}: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, ours then ${baseline.kind}`);
    const oursResult = await measure(ours.origin, c, () => waitIdle(ours.origin));
    const baselineResult = await measure(baseline.origin, c);
    const nodeHttp = await nodeCeiling(routes, (origin) => measure(origin, c));
    log(`${c.name}: ${oursResult.requestsPerSec} req/s (p99 ${oursResult.latencyMs.p99} ms) vs ${baselineResult.requestsPerSec}`);
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
 * in the same run; its ratio to nginx bounds what any Node server can reach here. Skipped with NODE_CEILING=false.
 */
async function nodeCeiling(routes: BaselineRoute[], run: (origin: string) => Promise<WrkResult>): Promise<Record<string, unknown>> {
  if (process.env.NODE_CEILING === 'false') return {};
  const plain = await startNodeStatic(routes);
  try {
    const result = await run(plain.origin);
    log(`plain node:http with the same bytes: ${result.requestsPerSec} req/s`);
    return { nodeHttp: result };
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
  const nodeHttp = await nodeCeiling([], async (origin) => {
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
    const cases: PageCase[] = [
      {
        name: 'search-random',
        url: '/buscar?q=relax&categoria=masajes&zona=palermo&idioma=ingles',
        script: randomSearchScript(),
        baselinePath: '/buscar*',
      },
      { name: 'search-broad', url: '/buscar?q=hola&pagina=2', script: broadSearchScript(), baselinePath: '/buscar*' },
      { name: 'search-popular', url: popular[0]!, script: pickUrlScript(popular), baselinePath: '/buscar*' },
      { name: 'ad-page', url: adPath, baselinePath: adPath },
      { name: 'landing', url: landings[0]!, script: pickUrlScript(landings), baselinePath: '/masajes/*' },
      { name: 'home', url: '/', baselinePath: '/' },
      { name: 'home-strip', url: await featuredStripPath(ours.origin), baselinePath: '/_server-islands/*' },
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
