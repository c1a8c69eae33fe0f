// One measurement of a load as the speed benchmarks take it (bench/speed.ts, bench/postgres.ts): wrk with one thread
// and CONNECTIONS connections, a warm-up, then the measured run; for searches drawn from a mix, a visitor's own
// requests timed apart from wrk during the measured run (./visitor.ts).
import path from 'node:path';
import { BENCH_DATA_DIR } from './common.ts';
import { getBody } from './http.ts';
import { withVisitor, type VisitorLatency } from './visitor.ts';
import { wrk, type WrkResult } from './wrk.ts';
import { searchScript, searchUrlPicker, type SearchMix } from './wrk-scripts.ts';

export const CONNECTIONS = 50;
/** Seconds of load before each measured run (WARMUP_S=12 to tell a slow start from a slow steady state). */
export const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
export const DURATION_S = 10;
const WRK_DIR = path.join(BENCH_DATA_DIR, 'speed');

/** What a case loads a server with: wrk from `url`, each request drawn by `script` or from the searches of `mix`. */
export interface Load {
  url: string;
  script?: string;
  mix?: SearchMix;
}

/**
 * Waits until the server answers /api/health quickly: wrk stops at its deadline, but the server still works
 * through the requests it had accepted (renders queued), which would otherwise slow down the next measurement.
 */
export async function waitIdle(origin: string): Promise<void> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const started = performance.now();
    await getBody(`${origin}/api/health`);
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${origin} still busy after 120 s`);
}

/**
 * A warm-up, then the measured run; `settle` (our server's waitIdle) before each. With `visitor`, a load drawn from a
 * mix also has a visitor's requests of that mix timed during the measured run.
 */
export async function measure(
  origin: string,
  load: Load,
  { settle = async () => {}, visitor = false }: { settle?: () => Promise<void>; visitor?: boolean } = {},
): Promise<WrkResult & { visitor?: VisitorLatency }> {
  const script = load.mix ? searchScript(load.mix) : load.script;
  const run = (durationS: number) => wrk({ url: origin + load.url, connections: CONNECTIONS, durationS, script, dir: WRK_DIR });
  await settle();
  await run(WARMUP_S);
  await settle();
  if (!load.mix || !visitor) return run(DURATION_S);
  const timed = await withVisitor(origin, searchUrlPicker(load.mix), () => run(DURATION_S));
  return { ...timed.load, visitor: timed.visitor };
}
