// The SQLite driver under the slowest queries, in-process (decision 049): for each case, the time per call, calls
// a second with several in flight, and the event loop's longest stop meanwhile (perf_hooks.monitorEventLoopDelay).
// sqlite3 ran statements in libuv's thread pool; better-sqlite3 runs them in the JavaScript thread, so a slow
// query stops everything else the process does for as long as it takes. Also the CPU time per call, of the process
// and of its main thread (the JavaScript thread), which waiting for a core on a shared machine does not inflate.
// One JSON line per case.
//   node bench/sqlite-driver.ts   (DRIVER_CASES=search-sql-broad,index-build: some cases; DRIVER_SECONDS=8)
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import type { Knex } from 'knex';
import { migrate, openDb } from '#db/connection.ts';
import { searchAds } from '#db/queries/search-ads.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { CatalogueIndex } from '#db/search/catalogue-index.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { persistAnalytics, type AnalyticsItem } from '#db/queries/analytics-ingest.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { createRandom } from '#tooling/factories/index.ts';
import { ensureBenchData } from './lib/bench-data.ts';
import { generatePageviews } from './lib/analytics-data.ts';
import { BENCH_DATA_DIR, BENCH_DATABASE_URL, isMain, log, percentile, round } from './lib/common.ts';
import { randomSearchMix, searchUrlPicker } from './lib/wrk-scripts.ts';

const SECONDS = Number(process.env.DRIVER_SECONDS ?? 8);
const IN_FLIGHT = 8;
const wanted = (name: string) => !process.env.DRIVER_CASES || process.env.DRIVER_CASES.split(',').includes(name);

/** Pageviews of the analytics case: the first month of the analytics benchmark's generator (about 760,000). */
const ANALYTICS_PAGEVIEWS = 760_000;
const ANALYTICS_DIR = path.join(BENCH_DATA_DIR, 'driver-analytics');

interface Case {
  name: string;
  /** One call; `i` numbers the calls. */
  call: (i: number) => Promise<unknown>;
  /** Also run IN_FLIGHT calls at a time (what a busy server does), for calls a second. */
  concurrent?: boolean;
  runs?: number;
}

/**
 * Each call starts in a turn of the event loop of its own, as requests do (they arrive as I/O events). Without it,
 * calls whose queries all answer synchronously (better-sqlite3) would chain as one turn and the loop would never
 * be seen to stop between them.
 */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Runs `fn` while the event loop's delays are recorded; the longest stop and the 99th percentile, in ms. */
async function watchingLoop<T>(fn: () => Promise<T>): Promise<{ result: T; loop: { maxMs: number; p99Ms: number } }> {
  const histogram: ReturnType<typeof monitorEventLoopDelay> = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const result = await fn();
    return { result, loop: { maxMs: round(histogram.max / 1e6, 1), p99Ms: round(histogram.percentile(99) / 1e6, 1) } };
  } finally {
    histogram.disable();
  }
}

async function measure(c: Case): Promise<Record<string, unknown>> {
  for (let i = 0; i < 3; i++) await c.call(i);
  const runs = c.runs ?? 30;
  const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;
  const processCpu = process.cpuUsage();
  const threadCpu = process.threadCpuUsage();
  const sequential = await watchingLoop(async () => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      await nextTurn();
      const started = performance.now();
      await c.call(i);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  });
  // CPU time does not count the time this process waited for a core: on a shared machine it is the steadier measure.
  const cpu = {
    processMsPerCall: round(cpuMs(process.cpuUsage(processCpu)) / runs),
    mainThreadMsPerCall: round(cpuMs(process.threadCpuUsage(threadCpu)) / runs),
  };
  const times = sequential.result;
  const line: Record<string, unknown> = {
    case: c.name,
    runs,
    medianMs: round(percentile(times, 0.5)),
    p90Ms: round(percentile(times, 0.9)),
    maxMs: round(times[times.length - 1]!),
    loopOneAtATime: sequential.loop,
    cpu,
  };
  if (c.concurrent) {
    const loaded = await watchingLoop(async () => {
      let next = 0;
      const deadline = performance.now() + SECONDS * 1000;
      const latencies: number[] = [];
      const worker = async () => {
        while (performance.now() < deadline) {
          await nextTurn();
          const started = performance.now();
          await c.call(next++);
          latencies.push(performance.now() - started);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      return { calls: latencies.length, seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
    });
    const { calls, seconds, latencies } = loaded.result;
    line.inFlight = {
      calls: IN_FLIGHT,
      perSecond: round(calls / seconds, 1),
      p50Ms: round(percentile(latencies, 0.5)),
      p99Ms: round(percentile(latencies, 0.99)),
      loop: loaded.loop,
    };
  }
  log(`${c.name}: ${JSON.stringify(line)}`);
  return line;
}

/** Random filter sets as bench/speed.ts draws them: a text x a category x a zone x one more filter. */
function randomFilterSets(count: number) {
  const next = searchUrlPicker(randomSearchMix(), createRandom(49).next);
  return Array.from({ length: count }, () => parseSearchParams(new URL(next(), 'http://localhost').searchParams));
}

async function buildIndex(db: Knex): Promise<CatalogueIndex> {
  return CatalogueIndex.build(await loadIndexRows(db), await readCatalogVersion(db));
}

/** The analytics case's database: the first month of the analytics benchmark's pageviews, through the real ingestion. */
async function ensureDriverAnalytics(): Promise<Date> {
  const marker = path.join(ANALYTICS_DIR, 'complete.json');
  if (fs.existsSync(marker)) return new Date((JSON.parse(fs.readFileSync(marker, 'utf8')) as { now: string }).now);
  fs.rmSync(ANALYTICS_DIR, { recursive: true, force: true });
  fs.mkdirSync(ANALYTICS_DIR, { recursive: true });
  const db = openDb(`sqlite:${path.join(ANALYTICS_DIR, 'velada.sqlite')}`, ANALYTICS_DIR);
  await migrate(db);
  const batch: AnalyticsItem[] = [];
  let last = new Date(0);
  let count = 0;
  for (const item of generatePageviews(new Date(Date.UTC(2027, 0, 1)))) {
    batch.push(item);
    last = item.at;
    if (batch.length === 5_000) await persistAnalytics(db, batch.splice(0));
    if (++count === ANALYTICS_PAGEVIEWS) break;
  }
  await persistAnalytics(db, batch);
  await db.raw('ANALYZE');
  await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await db.destroy();
  fs.writeFileSync(marker, JSON.stringify({ now: new Date(last.getTime() + 1).toISOString(), pageviews: count }));
  log(`generated ${count} pageviews`);
  return new Date(last.getTime() + 1);
}

export async function runDriverBenchmark(): Promise<Record<string, unknown>[]> {
  await ensureBenchData();
  const db = openDb(BENCH_DATABASE_URL, BENCH_DATA_DIR);
  const driver = (db.client as { driverName: string }).driverName;
  const now = new Date();
  const lines: Record<string, unknown>[] = [];
  const header = { benchmark: 'sqlite-driver', driver, node: process.version, loadAverage: os.loadavg().map((l) => round(l)) };
  try {
    const sets = randomFilterSets(2_000);
    const broad = parseSearchParams(new URLSearchParams('q=masajes'));
    const cases: Case[] = [
      // A common word with no other filter: FTS5 prefix matches over a large part of the catalogue, counted and paged.
      { name: 'search-sql-broad', call: () => searchAds(db, broad, now, null), concurrent: true },
      // What a search miss costs while the index is being rebuilt after a catalogue change.
      { name: 'search-sql-random', call: (i) => searchAds(db, sets[i % sets.length]!, now, null), concurrent: true, runs: 100 },
    ];
    for (const c of cases.filter((c) => wanted(c.name))) lines.push({ ...header, ...(await measure(c)) });
    if (wanted('index-build') || wanted('search-index-random')) {
      const index = await buildIndex(db);
      if (wanted('search-index-random')) {
        const c: Case = {
          name: 'search-index-random',
          call: (i) => searchAds(db, sets[i % sets.length]!, now, index),
          concurrent: true,
          runs: 200,
        };
        lines.push({ ...header, ...(await measure(c)) });
      }
      // Reading every published ad (in pages of 10,000) and building the index, as after each catalogue change.
      if (wanted('index-build'))
        lines.push({ ...header, ...(await measure({ name: 'index-build', call: () => buildIndex(db), runs: 5 })) });
    }
  } finally {
    await db.destroy();
  }
  if (wanted('analytics-summary')) {
    const asOf = await ensureDriverAnalytics();
    const analytics = openDb(`sqlite:${path.join(ANALYTICS_DIR, 'velada.sqlite')}`, ANALYTICS_DIR);
    try {
      const c: Case = { name: 'analytics-summary', call: () => analyticsSummary(analytics, asOf), concurrent: true };
      lines.push({ ...header, pageviews: ANALYTICS_PAGEVIEWS, ...(await measure(c)) });
    } finally {
      await analytics.destroy();
    }
  }
  return lines;
}

if (isMain(import.meta.url)) {
  for (const line of await runDriverBenchmark()) process.stdout.write(`${JSON.stringify(line)}\n`);
}
