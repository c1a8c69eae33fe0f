// npm run test:e2e: builds the site while one data folder is prepared (migrated, demo data, super admin), copies that
// folder once per end-to-end server (e2e/servers.ts), starts the servers side by side, runs Playwright against them,
// and stops them. Arguments go to Playwright (`npm run test:e2e -- e2e/search.spec.ts`); `--no-build` reuses dist/.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#tooling/free-port.ts';
import { waitUntilHealthy } from '#tooling/server-health.ts';
import { E2E_SERVER_NAMES, serverEnv, type E2eServer } from '../e2e/servers.ts';

// Children run on this same Node (24), whatever `node` the system PATH would find.
const env = {
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  ASTRO_TELEMETRY_DISABLED: '1',
};
const node = process.execPath;

/** Runs a command with the output shown; resolves with its exit status. */
function run(args: string[], extraEnv: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    spawn(node, args, { stdio: 'inherit', env: { ...env, ...extraEnv } }).once('exit', (code) => resolve(code ?? 1));
  });
}

/** Starts a server and resolves once /api/health answers; rejects with what it wrote if it exits or takes 3 min. */
async function startServer(server: E2eServer, adminPassword: string, running: ChildProcess[]): Promise<void> {
  const child = spawn(node, ['api/main.ts'], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...env, ...serverEnv(server, adminPassword) } });
  running.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await waitUntilHealthy(`http://127.0.0.1:${server.port}`, child, 180_000).catch((err: Error) => {
    throw new Error(`the end-to-end server "${server.name}": ${err.message}\n${errors}`);
  });
}

// The build allows photos from this address too: e2e/media-public-url.spec.ts serves a second server's photos there.
// The test servers run without it, as a default install does.
const mediaPublicUrl = 'http://media.velada.test/velada-e2e/uploads/ads';
// Prerendered pages name their canonical address from PUBLIC_ORIGIN at build time, as the server does at run time.
const publicOrigin = 'https://velada.example';
const adminPassword = crypto.randomBytes(12).toString('base64url');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-e2e-'));
const running: ChildProcess[] = [];
let status = 1;
try {
  const seeded = path.join(root, 'seeded');
  const [built, prepared] = await Promise.all([
    process.argv.includes('--no-build')
      ? 0
      : run(['node_modules/astro/bin/astro.mjs', 'build'], { MEDIA_PUBLIC_URL: mediaPublicUrl, PUBLIC_ORIGIN: publicOrigin }),
    run(['api/main.ts', '--prepare-only'], { ...serverEnv({ name: 'site', port: 0, dataDir: seeded }, adminPassword) }),
  ]);
  if (built !== 0 || prepared !== 0) throw new Error('the build or the data folder failed; see above');

  const servers: E2eServer[] = [];
  for (const name of E2E_SERVER_NAMES) {
    const dataDir = path.join(root, name);
    fs.cpSync(seeded, dataDir, { recursive: true });
    let port = await freePort();
    while (servers.some((s) => s.port === port)) port = await freePort();
    servers.push({ name, port, dataDir });
  }
  await Promise.all(servers.map((server) => startServer(server, adminPassword, running)));

  const args = process.argv.slice(2).filter((a) => a !== '--no-build');
  status = await run(['node_modules/@playwright/test/cli.js', 'test', ...args], {
    E2E_SERVERS: JSON.stringify(servers),
    E2E_MEDIA_PUBLIC_URL: mediaPublicUrl,
    E2E_ADMIN_PASSWORD: adminPassword,
  });
} catch (err) {
  console.error((err as Error).message);
} finally {
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  fs.rmSync(root, { recursive: true, force: true });
}
process.exit(status);
