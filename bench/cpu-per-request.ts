// Server CPU time per request under a fixed mix of search misses, or of popular searches (hits once warm): steadier
// than requests a second on a shared machine, where another tenant's load moves throughput by ±30 % between runs.
// Compare two builds by running this on each in turn (A, B, A, B) and reading the later rounds.
// Usage: CPU_CASE=random|broad|popular node bench/cpu-per-request.ts
// (CPU_ROUNDS=3, each 6 s after a 10 s warm-up, 10 connections). One JSON line per round on stdout.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBenchData } from './lib/bench-data.ts';
import { BENCH_DATA_DIR, log } from './lib/common.ts';
import { ensureSiteBuild, startAppServer } from './lib/processes.ts';
import { wrk } from './lib/wrk.ts';
import { broadSearchMix, pickUrlScript, popularUrls, randomSearchMix, searchScript } from './lib/wrk-scripts.ts';

const WORK_DIR = path.join(BENCH_DATA_DIR, 'cpu');
const which = process.env.CPU_CASE === 'broad' || process.env.CPU_CASE === 'popular' ? process.env.CPU_CASE : 'random';
const rounds = Number(process.env.CPU_ROUNDS ?? 3);
// The same filter sets in the same order on every run, so that two builds answer the same requests.
const script =
  which === 'popular' ? pickUrlScript(popularUrls()) : searchScript(which === 'broad' ? broadSearchMix() : randomSearchMix(), 42);

/** User plus system CPU of a process, all its threads, in milliseconds (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

await ensureBenchData();
ensureSiteBuild();
fs.mkdirSync(WORK_DIR, { recursive: true });
const server = await startAppServer();
try {
  const load = (durationS: number) => wrk({ url: `${server.origin}/buscar`, connections: 10, durationS, script, dir: WORK_DIR });
  log(`${which} searches: 10 s warm-up, then ${rounds} rounds of 6 s`);
  await load(10);
  for (let round = 1; round <= rounds; round++) {
    const before = cpuMs(server.pid);
    const result = await load(6);
    const cpuPerRequestMs = (cpuMs(server.pid) - before) / result.requests;
    console.log(
      JSON.stringify({
        benchmark: `cpu-per-request-${which}`,
        round,
        cpuPerRequestMs: Math.round(cpuPerRequestMs * 1000) / 1000,
        requestsPerSec: result.requestsPerSec,
      }),
    );
  }
} finally {
  await server.stop();
}
