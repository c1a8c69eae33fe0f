// Paths and logging shared by the benchmarks. Progress goes to stderr: stdout carries only the JSON results.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST_DIR = path.join(ROOT_DIR, 'dist');
export const BENCH_DATA_DIR = path.join(ROOT_DIR, 'data', 'bench');
export const BENCH_DB_FILE = path.join(BENCH_DATA_DIR, 'velada.sqlite');
export const BENCH_DATABASE_URL = `sqlite:${BENCH_DB_FILE}`;

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** True when `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** The q-quantile (0-1) of an ascending list, nearest-rank. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
