// Search and ingestion on PostgreSQL (docs/benchmarks.md, "On PostgreSQL"): the 100,000 ads of the search benchmark
// in a PostgreSQL database, served by one and then two Velada processes behind nginx as a load balancer, deployed as
// docs/operations.md says (tooling/cluster/), against nginx serving the same bytes in the same run. wrk plays the CDN
// in front of the load balancer: its X-Forwarded-For is believed, so each pageview comes from an address of its own.
// One JSON line per case and process count; skipped (no line) when no PostgreSQL answers at BENCH_POSTGRES_URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { startCluster, type Cluster } from '#tooling/cluster/cluster.ts';
import { ensurePostgresBenchData, BENCH_ADS } from './lib/bench-data.ts';
import { BENCH_DATA_DIR, isMain, log, round } from './lib/common.ts';
import { getBody } from './lib/http.ts';
import { startBaseline } from './lib/nginx.ts';
import { hasWrk, wrk, type WrkResult } from './lib/wrk.ts';
import { CONNECTIONS, DURATION_S, WARMUP_S, measure, waitIdle } from './lib/measure.ts';
import { INGEST_SCRIPT, pickUrlScript, popularUrls, randomSearchMix, searchScript } from './lib/wrk-scripts.ts';

const WORK_DIR = path.join(BENCH_DATA_DIR, 'postgres');
/** BENCH_REDIS_URL: the processes count their rate limits in this Redis (REDIS_URL) instead of PostgreSQL. */
const REDIS_URL = process.env.BENCH_REDIS_URL;
/**
 * The keys of every cluster on the bench database, the same from one run to the next: the database outlives a run,
 * and a server refuses to start with another ALERT_PHONE_KEY than the one its stored data was hashed with. Invented
 * data only, so a fixed key made from a name is enough.
 */
const BENCH_KEYS = {
  IDENTITY_KEY: crypto.createHash('sha256').update('velada-bench-identity-key').digest('hex'),
  ALERT_PHONE_KEY: crypto.createHash('sha256').update('velada-bench-alert-phone-key').digest('hex'),
};
/** POSTGRES_CASES=ingest runs only those cases (all by default). */
const wanted = (c: Case) => !process.env.POSTGRES_CASES || process.env.POSTGRES_CASES.split(',').includes(c.name);
const PROCESS_COUNTS = [1, 2];

interface Case {
  name: string;
  url: string;
  script: string;
}

const CASES: Case[] = [
  { name: 'search-random', url: '/buscar?q=relax&categoria=masajes&zona=palermo&idioma=ingles', script: searchScript(randomSearchMix()) },
  { name: 'search-popular', url: popularUrls()[0]!, script: pickUrlScript(popularUrls()) },
  { name: 'ingest', url: '/api/analytics/track', script: INGEST_SCRIPT },
];

async function pageviews(databaseUrl: string): Promise<number> {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    return Number((await db('analytics_pageviews').count({ n: '*' }).first())?.n);
  } finally {
    await db.destroy();
  }
}

/** The warm-up, then the measured run; with the responses acknowledged (2xx) in both. */
async function load(origin: string, c: Case, settle: () => Promise<void>): Promise<{ result: WrkResult; acknowledged: number }> {
  const run = (durationS: number) => wrk({ url: origin + c.url, connections: CONNECTIONS, durationS, script: c.script, dir: WORK_DIR });
  await settle();
  const warmup = await run(WARMUP_S);
  await settle();
  const result = await run(DURATION_S);
  return { result, acknowledged: warmup.requests - warmup.non2xx + result.requests - result.non2xx };
}

/** Pageviews in the table once it holds `expected` or has stopped growing for 5 s (the drains run every few seconds). */
async function drainedPageviews(databaseUrl: string, expected: number): Promise<number> {
  let last = -1;
  let stableSince = Date.now();
  for (;;) {
    const now = await pageviews(databaseUrl);
    if (now >= expected) return now;
    if (now !== last) [last, stableSince] = [now, Date.now()];
    else if (Date.now() - stableSince > 5_000) return now;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function runPostgresBenchmark(): Promise<Record<string, unknown>[]> {
  if (!hasWrk()) throw new Error('wrk is not installed: apt-get install -y wrk');
  const databaseUrl = await ensurePostgresBenchData();
  if (!databaseUrl) {
    log('no PostgreSQL at BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres by default): PostgreSQL benchmarks skipped');
    return [];
  }
  const machine = { loadAverageAtStart: round(os.loadavg()[0]!), cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length };
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
  fs.mkdirSync(WORK_DIR, { recursive: true });

  // The baseline first, every case against the same bytes as ours: a search page, and `return 204`.
  const sampleCluster = await startCluster({
    processes: 1,
    databaseUrl,
    dir: path.join(WORK_DIR, 'sample'),
    forwardedBy: '127.0.0.1',
    env: BENCH_KEYS,
  });
  const sample = path.join(WORK_DIR, 'search.html');
  try {
    fs.writeFileSync(sample, await getBody(sampleCluster.origin + CASES[0]!.url));
  } finally {
    await sampleCluster.stop();
  }
  const baseline = await startBaseline(path.join(WORK_DIR, 'nginx'), [{ path: '/buscar*', file: sample }]);
  const baselines = new Map<string, WrkResult>();
  try {
    for (const c of CASES.filter(wanted)) baselines.set(c.name, await measure(baseline.origin, c));
  } finally {
    await baseline.stop();
  }

  const lines: Record<string, unknown>[] = [];
  for (const processes of PROCESS_COUNTS) {
    const cluster: Cluster = await startCluster({
      processes,
      databaseUrl,
      dir: path.join(WORK_DIR, `cluster-${processes}`),
      forwardedBy: '127.0.0.1',
      env: { ...BENCH_KEYS, ...(REDIS_URL ? { REDIS_URL } : {}) },
    });
    try {
      for (const c of CASES.filter(wanted)) {
        log(`postgres ${c.name}, ${processes} process(es): ${CONNECTIONS} connections`);
        const storedBefore = c.name === 'ingest' ? await pageviews(databaseUrl) : 0;
        const { result, acknowledged } = await load(cluster.origin, c, () => waitIdle(cluster.origin));
        const base = baselines.get(c.name)!;
        log(`postgres ${c.name}, ${processes}: ${result.requestsPerSec} req/s (p99 ${result.latencyMs.p99} ms) vs ${base.requestsPerSec}`);
        const line: Record<string, unknown> = {
          benchmark: `postgres-${c.name}`,
          processes,
          rateLimits: REDIS_URL ? 'redis' : 'postgres',
          ads: BENCH_ADS,
          ours: result,
          baseline: { kind: baseline.kind, ...base },
          ratio: round(result.requestsPerSec / base.requestsPerSec, 4),
          connections: CONNECTIONS,
          durationS: DURATION_S,
          ...machine,
        };
        if (c.name === 'ingest') {
          // Acknowledged means committed (decision 007): every one is in the table once the inboxes are drained.
          const stored = await drainedPageviews(databaseUrl, storedBefore + acknowledged);
          line.ingested = { acknowledged, stored: stored - storedBefore, lost: Math.max(0, acknowledged - (stored - storedBefore)) };
        }
        lines.push(line);
      }
    } finally {
      await cluster.stop();
    }
  }
  return lines;
}

if (isMain(import.meta.url)) {
  for (const line of await runPostgresBenchmark()) process.stdout.write(`${JSON.stringify(line)}\n`);
}
