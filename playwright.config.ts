// End-to-end tests: the production build served by `node api/main.ts` on a free port, with a fresh data
// folder and demo data, driven in the system Chromium (never a downloaded browser). Run through
// `npm run test:e2e` (scripts/e2e.ts), which builds the site and chooses the port and folder.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4321);
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/velada-e2e';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Whole journeys (sign-up, verification, an ad with photos) take 20-30 s on a slow 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  // The panel's payments and settings tests change the figures and prices other tests compare, so they run after
  // the site's tests. The analytics tests assert the whole summary, so they run alone, after the others have
  // written their visits.
  // Tests that change which ads are public run last, alone: the others compare pages with the database. The plans
  // test moves the clock past plan ends (expiring listings), so it runs after everything else.
  projects: [
    {
      name: 'site',
      testIgnore:
        /(admin-payments|admin-settings|analytics|moderation|report-handling|duplicates|account-rights|ad-statistics|available-now|photo-verification|rates|landing-counts|plans)\.spec\.ts/,
    },
    { name: 'panel', testMatch: /admin-(payments|settings)\.spec\.ts/, dependencies: ['site'] },
    { name: 'analytics', testMatch: /analytics\.spec\.ts/, dependencies: ['panel'] },
    { name: 'moderation', testMatch: /(moderation|report-handling|duplicates)\.spec\.ts/, dependencies: ['analytics'] },
    { name: 'account-rights', testMatch: /account-rights\.spec\.ts/, dependencies: ['moderation'] },
    // What advertisers have beyond publishing (statistics, availability, photo checks, rates): these add public ads.
    {
      name: 'advertiser-tools',
      testMatch: /(ad-statistics|available-now|photo-verification|rates|landing-counts)\.spec\.ts/,
      dependencies: ['account-rights'],
    },
    { name: 'plans', testMatch: /plans\.spec\.ts/, dependencies: ['advertiser-tools'] },
  ],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${port}`,
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
  webServer: {
    command: 'node api/main.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
      PUBLIC_ORIGIN: 'https://velada.example',
      // The tests' browsers reach the server through the loopback and name their own address (e2e/fixtures.ts).
      TRUST_PROXY: '127.0.0.1',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  },
});
