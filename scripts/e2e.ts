// npm run test:e2e: builds the site, picks a free port and an empty data folder, then runs Playwright.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#tooling/free-port.ts';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}

// Children run on this same Node (24), whatever `node` the system PATH would find.
const env = {
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  ASTRO_TELEMETRY_DISABLED: '1',
};
const node = process.execPath;
// The build allows photos from this address too: e2e/media-public-url.spec.ts serves a second server's photos there.
// The main test server runs without it, as a default install does.
const mediaPublicUrl = 'http://media.velada.test/velada-e2e/uploads/ads';
// Prerendered pages name their canonical address from PUBLIC_ORIGIN at build time, as the server does at run time.
const build = { ...env, MEDIA_PUBLIC_URL: mediaPublicUrl, PUBLIC_ORIGIN: 'https://velada.example' };
if (!process.argv.includes('--no-build') && run(node, ['node_modules/astro/bin/astro.mjs', 'build'], build) !== 0) process.exit(1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-e2e-'));
const port = await freePort();
const args = process.argv.slice(2).filter((a) => a !== '--no-build');
const status = run(node, ['node_modules/@playwright/test/cli.js', 'test', ...args], {
  ...env,
  E2E_PORT: String(port),
  E2E_DATA_DIR: dataDir,
  E2E_MEDIA_PUBLIC_URL: mediaPublicUrl,
  E2E_ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url'),
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
