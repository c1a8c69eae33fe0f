// npm run checks: the static checks of `npm test` (types, lint, formatting) side by side rather than one after another
// (each is mostly one thread; on two cores the three take about the time of the longest). Each one's output is
// printed whole when it ends, and the run fails when any of them does.
import { spawn } from 'node:child_process';
import path from 'node:path';

const CHECKS = ['typecheck', 'lint', 'format:check'];
const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };

function runScript(name: string): Promise<{ name: string; code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => resolve({ name, code: code ?? 1, output }));
  });
}

const results = await Promise.all(
  CHECKS.map((name) => runScript(name).then((r) => (process.stdout.write(`\n> ${r.name}\n${r.output}`), r))),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\n${CHECKS.join(', ')}: passed`);
