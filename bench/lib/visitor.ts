// A visitor's requests while a load runs: one at a time on a connection of its own, opened before the load starts,
// each to a URL drawn anew, timed here with a monotonic clock. The speed benchmark reports these latencies beside
// wrk's own: on this kind of machine, wrk's mean latency times its rate came to more connections than it had open
// (which Little's law rules out), while a packet capture of the same run agreed with this sampler
// (docs/benchmarks.md, "Speed, round two: fifth step").
import http from 'node:http';
import { percentile, round } from './common.ts';

export interface VisitorLatency {
  requests: number;
  /** Answers other than 200 (a 429 or 503 from the render slots), and connection errors. */
  failed: number;
  latencyMs: { p50: number; p99: number; max: number };
}

/** Runs `load` while a visitor asks origin for nextUrl() after nextUrl(), and returns both. */
export async function withVisitor<T>(
  origin: string,
  nextUrl: () => string,
  load: () => Promise<T>,
): Promise<{ load: T; visitor: VisitorLatency }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (path: string) =>
    new Promise<boolean>((resolve) => {
      http
        .get(origin + path, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
          res.on('error', () => resolve(false));
        })
        .on('error', () => resolve(false));
    });
  // The connection is open before the load's own connections arrive: under load the server took one new connection
  // per turn of its event loop, the last of 50 opened at once after all the others (docs/benchmarks.md).
  await ask(nextUrl());
  const latencies: number[] = [];
  let failed = 0;
  let loading = true;
  const visiting = (async () => {
    while (loading) {
      const started = performance.now();
      if (await ask(nextUrl())) latencies.push(performance.now() - started);
      else failed += 1;
    }
  })();
  try {
    const result = await load();
    loading = false;
    await visiting;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => (latencies.length ? round(percentile(latencies, q)) : 0);
    return { load: result, visitor: { requests: latencies.length, failed, latencyMs: { p50: at(0.5), p99: at(0.99), max: at(1) } } };
  } finally {
    loading = false;
    agent.destroy();
  }
}
