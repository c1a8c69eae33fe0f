// npm run bench: runs every benchmark in turn and prints one JSON line per result on stdout (progress and
// the children's output go to stderr). See docs/benchmarks.md for what each one measures.
import { log } from './lib/common.ts';
import { runSpeedBenchmark } from './speed.ts';
import { runPostgresBenchmark } from './postgres.ts';
import { runLighthouseBenchmark } from './lighthouse.ts';
import { runPageWeightBenchmark } from './page-weight.ts';
import { runAnalyticsBenchmarks } from './analytics.ts';
import { runAdminBenchmark } from './admin.ts';
import { runPhotoBenchmark } from './photos.ts';
import { runLoadBenchmark } from './load.ts';
import { runFloodBenchmark } from './flood.ts';

const started = performance.now();
const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

for (const line of await runSpeedBenchmark()) print(line);
for (const line of await runPostgresBenchmark()) print(line);
for (const line of await runLighthouseBenchmark()) print(line);
print(await runPageWeightBenchmark());
for (const line of await runAnalyticsBenchmarks()) print(line);
for (const line of await runAdminBenchmark()) print(line);
print(await runPhotoBenchmark());
print(await runLoadBenchmark());
print(await runFloodBenchmark());
log(`all benchmarks done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
