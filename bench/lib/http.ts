// HTTP helpers shared by the load benchmarks.
import http from 'node:http';
import type { Result } from 'autocannon';
import { round } from './common.ts';

/** GET without Accept-Encoding (fetch would ask for gzip): the exact bytes the load test will receive. */
export function getBody(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** What the benchmarks report of an autocannon run. */
export function loadSummary(r: Result) {
  return {
    requestsPerSec: round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99 },
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
