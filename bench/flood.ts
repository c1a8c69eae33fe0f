// Flood benchmark (docs/benchmarks.md, "One source flooding uncached searches"): one address asks for a new random
// search at 50 connections for 20 s (wrk, X-Forwarded-For through TRUST_PROXY), while other visitors, each from an
// address of their own, load popular searches (render-cache hits) and a new uncached search every 100 ms. What the
// others get is what counts: the hits' p99 and the statuses of their uncached searches (no 503 wanted).
import os from 'node:os';
import path from 'node:path';
import { ensureBenchData } from './lib/bench-data.ts';
import { BENCH_DATABASE_URL, BENCH_DATA_DIR, isMain, log, percentile, round } from './lib/common.ts';
import { ensureSiteBuild, startServer } from './lib/processes.ts';
import { hasWrk, wrk } from './lib/wrk.ts';
import { popularUrls, randomSearchMix, searchScript } from './lib/wrk-scripts.ts';

const FLOOD_S = 20;
/** FLOOD_CONNECTIONS=250: a heavier flood than the 50 of the target. */
const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 50);
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

interface Timed {
  status: number;
  ms: number;
}

async function timedGet(url: string, address: string): Promise<Timed> {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address } });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

const statusCounts = (answers: Timed[]) =>
  answers.reduce<Record<string, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

/** Other visitors while `until` is in the future: 4 loops of popular searches, and a new uncached search every 100 ms. */
async function otherVisitors(origin: string, until: number): Promise<{ hits: Timed[]; misses: Timed[] }> {
  const urls = popularUrls();
  const hits: Timed[] = [];
  const misses: Timed[] = [];
  let visitor = 0;
  const hitLoop = async (loop: number) => {
    while (Date.now() < until)
      hits.push(await timedGet(`${origin}${urls[(visitor += 1) % urls.length]}`, `198.51.${loop}.${visitor % 250}`));
  };
  const missLoop = async () => {
    const pending: Promise<void>[] = [];
    for (let n = 0; Date.now() < until; n += 1) {
      pending.push(
        timedGet(`${origin}/buscar?q=visitante${n}&orden=recientes`, `2001:db8:${n.toString(16)}::1`).then((a) => void misses.push(a)),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(pending);
  };
  await Promise.all([hitLoop(1), hitLoop(2), hitLoop(3), hitLoop(4), missLoop()]);
  return { hits, misses };
}

export async function runFloodBenchmark(): Promise<Record<string, unknown>> {
  if (!hasWrk()) throw new Error('the flood benchmark needs wrk (apt-get install -y wrk)');
  ensureSiteBuild();
  await ensureBenchData();
  const loadAverage = os.loadavg().map((n) => round(n));
  const server = await startServer('app-server.ts', {
    NODE_ENV: 'production',
    DATA_DIR: BENCH_DATA_DIR,
    DATABASE_URL: BENCH_DATABASE_URL,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
  });
  try {
    for (const url of popularUrls()) await timedGet(`${server.origin}${url}`, '198.51.100.1');
    log(`flooding random searches from one address for ${FLOOD_S} s`);
    const until = Date.now() + FLOOD_S * 1000;
    const [flood, others] = await Promise.all([
      wrk({
        url: server.origin,
        connections: CONNECTIONS,
        durationS: FLOOD_S,
        script: searchScript(randomSearchMix()),
        dir: path.join(BENCH_DATA_DIR, 'flood'),
        headers: { 'X-Forwarded-For': '203.0.113.66' },
      }),
      otherVisitors(server.origin, until),
    ]);
    const hitMs = others.hits.map((a) => a.ms).sort((a, b) => a - b);
    const missMs = others.misses.map((a) => a.ms).sort((a, b) => a - b);
    return {
      name: 'flood-one-source',
      connections: CONNECTIONS,
      loadAverage,
      cores: os.cpus().length,
      flooder: { requestsPerSec: flood.requestsPerSec, requests: flood.requests, non2xx: flood.non2xx, socketErrors: flood.socketErrors },
      othersHits: {
        requests: hitMs.length,
        p50Ms: round(percentile(hitMs, 0.5)),
        p99Ms: round(percentile(hitMs, 0.99)),
        statuses: statusCounts(others.hits),
      },
      othersMisses: {
        requests: missMs.length,
        p50Ms: round(percentile(missMs, 0.5)),
        p99Ms: round(percentile(missMs, 0.99)),
        statuses: statusCounts(others.misses),
      },
    };
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) process.stdout.write(`${JSON.stringify(await runFloodBenchmark())}\n`);
