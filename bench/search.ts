// Search benchmark at 100,000 ads on SQLite: requests/s and latency of our SSR /buscar (Koa + Astro + Knex, in
// a child process) under autocannon, against a plain node:http server sending the same bytes, in the same run;
// plus the time of the search query alone (searchAds, in-process). One JSON line per benchmarked URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { openDb } from '#db/connection.ts';
import { searchAds } from '#db/queries/search-ads.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { BENCH_ADS, ensureBenchData } from './lib/bench-data.ts';
import { BENCH_DATABASE_URL, BENCH_DATA_DIR, isMain, log, percentile, round } from './lib/common.ts';
import { getBody, loadSummary } from './lib/http.ts';
import { ensureSiteBuild, startAppServer, startServer } from './lib/processes.ts';

const CASES = [
  { name: 'search-filtered', url: '/buscar?q=palermo&categoria=masajes&idioma=ingles&servicio=hotel' },
  { name: 'search-deep-page', url: '/buscar?pagina=500' },
];
const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
// A deep page without filters can take seconds under load: autocannon's default 10 s timeout would drop it.
const TIMEOUT_S = 30;
const QUERY_ITERATIONS = 200;
const QUERY_TIME_LIMIT_MS = 15_000;

/** Times searchAds for a URL's filters: a warm-up, then up to QUERY_ITERATIONS runs (fewer if they are slow). */
async function timeQuery(db: ReturnType<typeof openDb>, url: string) {
  const filters = parseSearchParams(new URL(url, 'http://localhost').searchParams);
  for (let i = 0; i < 5; i++) await searchAds(db, filters);
  const times: number[] = [];
  const deadline = performance.now() + QUERY_TIME_LIMIT_MS;
  while (times.length < QUERY_ITERATIONS && performance.now() < deadline) {
    const started = performance.now();
    await searchAds(db, filters);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { iterations: times.length, medianMs: round(percentile(times, 0.5)), p99Ms: round(percentile(times, 0.99)) };
}

/**
 * Waits until our server answers /api/health quickly: autocannon stops at its deadline, but the server still
 * works through the requests it had accepted, which would otherwise slow down the next measurement.
 */
async function waitIdle(origin: string): Promise<void> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const started = performance.now();
    await getBody(`${origin}/api/health`);
    if (performance.now() - started < 50) return;
  }
  throw new Error(`${origin} still busy after 120 s`);
}

async function load(url: string, settle: () => Promise<void>) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, timeout: TIMEOUT_S });
  await settle();
  const r: Result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, timeout: TIMEOUT_S });
  await settle();
  return loadSummary(r);
}

export async function runSearchBenchmark(): Promise<Record<string, unknown>[]> {
  const started = performance.now();
  // The machine's load before ours: on a shared machine, other work skews every absolute number below.
  const loadAverageAtStart = round(os.loadavg()[0]!);
  await ensureBenchData();
  ensureSiteBuild();

  const db = openDb(BENCH_DATABASE_URL, BENCH_DATA_DIR);
  const queryTimes = [];
  for (const c of CASES) {
    queryTimes.push(await timeQuery(db, c.url));
    log(`${c.url}: searchAds median ${queryTimes.at(-1)!.medianMs} ms over ${queryTimes.at(-1)!.iterations} runs`);
  }
  await db.destroy();

  const ours = await startAppServer();
  const staticDir = path.join(BENCH_DATA_DIR, 'static');
  fs.mkdirSync(staticDir, { recursive: true });
  const pages: Record<string, string> = {};
  const bodies: Buffer[] = [];
  for (const c of CASES) {
    const body = await getBody(ours.origin + c.url);
    const count = /([\d.]+) resultados?/.exec(body.toString('utf8'))?.[0] ?? 'no result count found';
    log(`${c.url}: ${count}, ${body.length} bytes of HTML`);
    pages[c.url] = path.join(staticDir, `${c.name}.html`);
    fs.writeFileSync(pages[c.url]!, body);
    bodies.push(body);
  }
  const baseline = await startServer('static-server.ts', { STATIC_PAGES: JSON.stringify(pages) });

  const lines: Record<string, unknown>[] = [];
  try {
    for (const [i, c] of CASES.entries()) {
      log(`load test ${c.url}: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, ours then static`);
      const oursResult = await load(ours.origin + c.url, () => waitIdle(ours.origin));
      const staticResult = await load(baseline.origin + c.url, async () => {});
      lines.push({
        benchmark: c.name,
        ads: BENCH_ADS,
        url: c.url,
        results: /([\d.]+) resultados?/.exec(bodies[i]!.toString('utf8'))?.[1] ?? null,
        htmlBytes: bodies[i]!.length,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        ours: oursResult,
        static: staticResult,
        ratio: round(oursResult.requestsPerSec / staticResult.requestsPerSec, 4),
        query: queryTimes[i],
        loadAverageAtStart,
        node: process.version,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: os.cpus().length,
      });
    }
  } finally {
    await Promise.all([ours.stop(), baseline.stop()]);
  }
  log(`search benchmark done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return lines;
}

if (isMain(import.meta.url)) {
  for (const line of await runSearchBenchmark()) process.stdout.write(`${JSON.stringify(line)}\n`);
}
