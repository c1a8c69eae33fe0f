// Analytics benchmarks, one JSON line each (ingestion under load is measured against nginx in bench/speed.ts):
// - analytics-summary: the panel's summary on 10 million pageviews over 13 months, read from the rollups,
//   against the same summary aggregated from the raw rows (what query-time tools do), on the same database.
// - analytics-tracker-size: the tracker's bytes (gzip), loaded only after consent, and the small helpers every page loads.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { openDb } from '#db/connection.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { analyticsSummaryFromRawEvents } from '#tooling/testing/analytics-raw-summary.ts';
import { ANALYTICS_DAYS, ANALYTICS_DB_FILE, ANALYTICS_DIR, ANALYTICS_PAGEVIEWS, ensureAnalyticsData } from './lib/analytics-data.ts';
import { DIST_DIR, isMain, log, percentile, round } from './lib/common.ts';
import { ensureSiteBuild } from './lib/processes.ts';

const SUMMARY_RUNS = 30;
const RAW_RUNS = 3;

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
  const lines = [runTrackerSizeBenchmark(), await runSummaryBenchmark()];
  log(`analytics benchmarks done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return lines;
}

if (isMain(import.meta.url)) {
  for (const line of await runAnalyticsBenchmarks()) process.stdout.write(`${JSON.stringify(line)}\n`);
}
