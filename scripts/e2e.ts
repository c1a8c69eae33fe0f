// npm run test:e2e: builds the site, picks a free port and an empty data folder, then runs Playwright.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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
const build = { ...env, MEDIA_PUBLIC_URL: mediaPublicUrl };
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
