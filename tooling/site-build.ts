// The site's production build, made when there is none: for the benchmarks and the two-process test, whose servers
// all serve the same build and must not each build it themselves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');

export function ensureSiteBuild(options: { log?: (message: string) => void; showOutput?: boolean } = {}): void {
  if (fs.existsSync(path.join(ROOT_DIR, 'dist', 'server', 'entry.mjs'))) return;
  options.log?.('no build found: building the site');
  const astro = path.join(ROOT_DIR, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: ROOT_DIR,
    stdio: options.showOutput ? ['ignore', 2, 2] : 'ignore',
    // A production build whoever asks: under Vitest NODE_ENV is 'test', and Astro would build React's development
    // JSX runtime into the server, which production React then cannot render (jsxDEV is not a function).
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('the site build failed (npm run build)');
}
