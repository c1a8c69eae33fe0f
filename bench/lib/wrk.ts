// Load with wrk (one thread, as the figures in docs/benchmarks.md): a Lua script may pick each request (a random
// filter set, a POST body of its own) and reports the run as one JSON line, read back here.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { round } from './common.ts';

export interface WrkResult {
  requestsPerSec: number;
  /** The mean too: times the rate, it cannot exceed the connections (Little's law), a check of wrk's own timing. */
  latencyMs: { mean: number; p50: number; p99: number; max: number };
  /** Responses received (any status). */
  requests: number;
  /** Responses whose status was not 2xx or 3xx. */
  non2xx: number;
  socketErrors: number;
}

export interface WrkOptions {
  url: string;
  connections: number;
  durationS: number;
  /** Lua defining `request` (and anything it needs); the reporting `done` is added here. */
  script?: string;
  /** Folder for the script file. */
  dir: string;
  /** Timeout of one request, in seconds. */
  timeoutS?: number;
  /** More headers on every request (an X-Forwarded-For that makes the load one source, say). */
  headers?: Record<string, string>;
}

const REPORT = `
done = function(summary, latency, requests)
  io.write(string.format('\\nWRK_JSON {"requests":%d,"durationUs":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"mean":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout, math.floor(latency.mean), latency:percentile(50), latency:percentile(99), latency.max))
end
`;

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

const BROWSER_AGENT = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** Runs wrk; `onStart` is called once it runs (to kill a server mid-load, say). */
export async function wrk(options: WrkOptions, onStart?: () => void): Promise<WrkResult> {
  fs.mkdirSync(options.dir, { recursive: true });
  const scriptFile = path.join(options.dir, `wrk-${process.pid}-${Date.now()}.lua`);
  fs.writeFileSync(scriptFile, `${options.script ?? ''}\n${REPORT}`);
  const args = [
    // A browser's agent: requests without one are bots to the server, which then skips the ads' statistics.
    '-H',
    `User-Agent: ${BROWSER_AGENT}`,
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    '-t1',
    `-c${options.connections}`,
    `-d${options.durationS}s`,
    `--timeout`,
    `${options.timeoutS ?? 10}s`,
    '-s',
    scriptFile,
    options.url,
  ];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  onStart?.();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  fs.rmSync(scriptFile, { force: true });
  const line = /WRK_JSON (\{.*\})/.exec(output);
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}): ${output.slice(-500)}`);
  const r = JSON.parse(line[1]!) as Record<string, number>;
  return {
    requestsPerSec: round(r.requests! / (r.durationUs! / 1e6)),
    latencyMs: { mean: round(r.mean! / 1000), p50: round(r.p50! / 1000), p99: round(r.p99! / 1000), max: round(r.max! / 1000) },
    requests: r.requests!,
    non2xx: r.status!,
    socketErrors: r.connect! + r.read! + r.write! + r.timeout!,
  };
}
