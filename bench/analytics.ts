// Analytics benchmarks, one JSON line each:
// - analytics-ingest: pageviews/s that one server process (SQLite) accepts and persists under load, with p50/p99
//   latency, against a plain node:http server that reads each body and answers 204 (the ceiling), in one run;
//   every accepted event must be in the database once the server has stopped (nothing lost in the queue).
// - analytics-summary: the panel's summary on 10 million pageviews over 13 months, read from the rollups,
//   against the same summary aggregated from the raw rows (what query-time tools do), on the same database.
// - analytics-tracker-size: the tracker's bytes (gzip), loaded only after consent, and the small helpers every page loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { migrate, openDb } from '#db/connection.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { analyticsSummaryFromRawEvents } from '#tooling/testing/analytics-raw-summary.ts';
import {
  ANALYTICS_DAYS,
  ANALYTICS_DB_FILE,
  ANALYTICS_DIR,
  ANALYTICS_PAGEVIEWS,
  ensureAnalyticsData,
  uuidOf,
} from './lib/analytics-data.ts';
import { BENCH_DATA_DIR, DIST_DIR, isMain, log, percentile, round } from './lib/common.ts';
import { ensureSiteBuild, startServer } from './lib/processes.ts';

const CONNECTIONS = 10;
const WARMUP_S = 2;
const DURATION_S = 10;
const VISITORS = 5_000;
const SUMMARY_RUNS = 30;
const RAW_RUNS = 3;

/** Pageviews from VISITORS synthetic visitors, each from its own address (the server trusts X-Forwarded-For here). */
function pageviewRequests() {
  let n = 0;
  return [
    {
      method: 'POST' as const,
      path: '/api/analytics/track',
      setupRequest: (request: Record<string, unknown>) => {
        n += 1;
        const visitor = n % VISITORS;
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            'sec-fetch-site': 'same-origin',
            'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
            'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
          },
          body: JSON.stringify({
            eventType: 'pageview',
            visitorId: uuidOf(visitor),
            sessionId: uuidOf(visitor + 1_000_000),
            pageUrl: `https://velada.example/anuncio/aviso-${n % 5000}`,
            pageTitle: `Aviso ${n % 5000} | Velada`,
            referrer: 'https://www.google.com/',
            screenResolution: '390x844',
            source: 'google',
            medium: 'organic',
            campaign: null,
          }),
        };
      },
    },
  ];
}

async function load(origin: string, durationS: number) {
  const r = await autocannon({ url: origin, connections: CONNECTIONS, duration: durationS, requests: pageviewRequests() });
  return {
    requestsPerSec: round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99 },
    accepted: r['2xx'],
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export async function runIngestBenchmark(): Promise<Record<string, unknown>> {
  const dataDir = path.join(BENCH_DATA_DIR, 'analytics-ingest');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = `sqlite:${path.join(dataDir, 'velada.sqlite')}`;
  const setup = openDb(databaseUrl, dataDir);
  await migrate(setup);
  await setup.destroy();

  const loadAverageAtStart = round(os.loadavg()[0]!);
  const ours = await startServer('app-server.ts', {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
  });
  log(`ingestion: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, ours then the 204 baseline`);
  const warmup = await load(ours.origin, WARMUP_S);
  const oursResult = await load(ours.origin, DURATION_S);
  // Every accepted event was committed before its 204; stopping only ends the requests in flight.
  const stopping = performance.now();
  await ours.stop();
  const finalFlushMs = Math.round(performance.now() - stopping);
  const db = openDb(databaseUrl, dataDir);
  const persisted = Number((await db('analytics_pageviews').count({ n: '*' }).first())?.n);
  await db.destroy();
  const accepted = warmup.accepted + oursResult.accepted;

  const baseline = await startServer('static-server.ts', { STATIC_PAGES: '{}' });
  await load(baseline.origin, WARMUP_S);
  const baselineResult = await load(baseline.origin, DURATION_S);
  await baseline.stop();

  return {
    benchmark: 'analytics-ingest',
    database: 'sqlite',
    connections: CONNECTIONS,
    durationS: DURATION_S,
    ours: oursResult,
    static: baselineResult,
    ratio: round(oursResult.requestsPerSec / baselineResult.requestsPerSec, 4),
    // autocannon does not count requests still in flight at its deadline, which the server still accepts and
    // writes: persisted can exceed accepted by a few; it must never be lower.
    acceptedTotal: accepted,
    persistedTotal: persisted,
    lost: Math.max(0, accepted - persisted),
    finalFlushMs,
    loadAverageAtStart,
    node: process.version,
    cores: os.cpus().length,
  };
}

async function timeRuns(runs: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { runs, medianMs: round(percentile(times, 0.5)), p99Ms: round(percentile(times, 0.99)), minMs: round(times[0]!) };
}

export async function runSummaryBenchmark(): Promise<Record<string, unknown>> {
  const now = await ensureAnalyticsData();
  const db = openDb(`sqlite:${ANALYTICS_DB_FILE}`, ANALYTICS_DIR);
  for (let i = 0; i < 3; i++) await analyticsSummary(db, now);
  const rollups = await timeRuns(SUMMARY_RUNS, () => analyticsSummary(db, now));
  log(`summary from rollups: median ${rollups.medianMs} ms`);
  const raw = await timeRuns(RAW_RUNS, () => analyticsSummaryFromRawEvents(db, now));
  log(`summary from raw rows: median ${raw.medianMs} ms`);
  const summary = await analyticsSummary(db, now);
  const same = JSON.stringify(summary) === JSON.stringify(await analyticsSummaryFromRawEvents(db, now));
  const counts = Object.fromEntries(
    await Promise.all(
      ['analytics_pageviews', 'analytics_daily_pages', 'analytics_pages', 'analytics_daily_visitors', 'analytics_visitors'].map(
        async (table) => [table, Number((await db(table).count({ n: '*' }).first())?.n)],
      ),
    ),
  );
  await db.destroy();
  return {
    benchmark: 'analytics-summary',
    database: 'sqlite',
    pageviews: ANALYTICS_PAGEVIEWS,
    days: ANALYTICS_DAYS,
    rows: counts,
    fileBytes: fs.statSync(ANALYTICS_DB_FILE).size,
    summary: { pageViews30Days: summary.pageViews30Days, uniqueVisitors30Days: summary.uniqueVisitors30Days },
    rollups,
    rawAggregation: raw,
    speedup: round(raw.medianMs / rollups.medianMs, 1),
    sameResult: same,
    node: process.version,
  };
}

export function runTrackerSizeBenchmark(): Record<string, unknown> {
  ensureSiteBuild();
  const dir = path.join(DIST_DIR, 'client', '_astro');
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
  const tracker = files.filter((f) => f.startsWith('tracker.'));
  // The helpers every page loads: consent checks, sending, custom events.
  const helpers = files.filter((f) => !f.startsWith('tracker.') && fs.readFileSync(path.join(dir, f), 'utf8').includes('/api/analytics/'));
  const sum = (list: string[], size: (file: string) => number) => list.reduce((total, f) => total + size(path.join(dir, f)), 0);
  return {
    benchmark: 'analytics-tracker-size',
    tracker: { files: tracker, gzipBytes: sum(tracker, gzip), rawBytes: sum(tracker, (f) => fs.statSync(f).size) },
    helpers: { files: helpers, gzipBytes: sum(helpers, gzip), rawBytes: sum(helpers, (f) => fs.statSync(f).size) },
  };
}

export async function runAnalyticsBenchmarks(): Promise<Record<string, unknown>[]> {
  const started = performance.now();
  const lines = [runTrackerSizeBenchmark(), await runIngestBenchmark(), await runSummaryBenchmark()];
  log(`analytics benchmarks done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return lines;
}

if (isMain(import.meta.url)) {
  for (const line of await runAnalyticsBenchmarks()) process.stdout.write(`${JSON.stringify(line)}\n`);
}
