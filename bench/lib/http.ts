// HTTP helpers shared by the load benchmarks.
import http from 'node:http';
import type { Result } from 'autocannon';
import { round } from './common.ts';

/** GET without Accept-Encoding (fetch would ask for gzip): the exact bytes the load test will receive. */
export async function getBody(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  return (await getResponse(url, headers)).body;
}

/** Headers that belong to a connection or a moment, not to a response's content. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * GET as getBody, with the answer's headers but those of the connection and the moment (Date, Keep-Alive,
 * Content-Length...): what a server would have to send again to answer the same.
 */
export function getResponse(url: string, headers: Record<string, string> = {}): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: HTTP ${res.statusCode}`));
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (!PER_CONNECTION.has(name) && value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ body: Buffer.concat(chunks), headers: kept });
        });
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
