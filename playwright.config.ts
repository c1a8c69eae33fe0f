// End-to-end tests: the production build served by `node api/main.ts`, one server per group of specs
// (e2e/servers.ts), each on its own copy of one prepared data folder, driven in the system Chromium (never a
// downloaded browser). Run through `npm run test:e2e` (scripts/e2e.ts), which builds the site, prepares the folders,
// starts the servers side by side and tells this file where they are (E2E_SERVERS).
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { E2E_GROUPS, E2E_SERVER_NAMES, specPattern, type E2eServer } from './e2e/servers.ts';

const servers: E2eServer[] = process.env.E2E_SERVERS
  ? (JSON.parse(process.env.E2E_SERVERS) as E2eServer[])
  : E2E_SERVER_NAMES.map((name, i) => ({ name, port: 4321 + i, dataDir: `/tmp/velada-e2e/${name}` }));
const grouped = Object.values(E2E_GROUPS).flat();

// One project per server, none depending on another: every spec makes the data it needs.
const projects: PlaywrightTestConfig['projects'] = servers.map((server) => ({
  name: server.name,
  ...(server.name === 'site' ? { testIgnore: specPattern(grouped) } : { testMatch: specPattern(E2E_GROUPS[server.name]) }),
  // The fixtures (e2e/fixtures.ts) open this server's database and outbox.
  metadata: { dataDir: server.dataDir },
  use: { baseURL: `http://localhost:${server.port}` },
}));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Whole journeys (sign-up, verification, an ad with photos) take 20-30 s on a slow 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  projects,
  outputDir: './test-results',
  use: {
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
