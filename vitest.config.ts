// Unit and integration tests. Every database test runs on SQLite; with TEST_DATABASE_URL set it runs a
// second time on PostgreSQL (project "postgres"), each test file in a database of its own.
//
// Speed (docs/decisions/052-fast-tests.md): test files run three at a time (most of a file's time is spent waiting on
// a database, a child process or the network, not on a core), and a worker keeps the modules it has loaded from one
// file to the next (`isolate: false`) instead of importing the app again for each: that import was 40 % of the run.
// A file that replaces a module (vi.mock) needs a fresh module graph, so it runs in an isolated project of its own.
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const ALL = [
  'api/**/*.test.ts',
  'core/**/*.test.ts',
  'db/**/*.test.ts',
  'shared/**/*.test.ts',
  'site/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tooling/**/*.test.ts',
];
/** What runs on PostgreSQL too: everything that touches a database. */
const DATABASE = ['api/**/*.test.ts', 'core/**/*.test.ts', 'db/**/*.test.ts', 'site/server/**/*.test.ts', 'tooling/**/*.test.ts'];
/**
 * Files that get a process and a module graph of their own: those that mock a module (vi.mock), and those that count
 * every line written to console.error (a file before them in a shared worker may still be logging).
 */
const MOCKING = [
  'api/services/image-jobs.test.ts',
  'api/middleware/errors.test.ts',
  'api/security/fuzz.test.ts',
  'api/services/ad-stats.test.ts',
  'api/services/stats-once.test.ts',
  'api/services/stats-once-redis.test.ts',
];

const timeouts = { testTimeout: 20_000, hookTimeout: 60_000 };

function projects(name: string, include: string[], env: Record<string, string>): TestProjectInlineConfiguration[] {
  return [
    { test: { ...timeouts, name, include, exclude: MOCKING, isolate: false, env } },
    { test: { ...timeouts, name: `${name}-isolated`, include: MOCKING, isolate: true, env } },
  ];
}

export default defineConfig({
  test: {
    projects: [
      ...projects('sqlite', ALL, { VELADA_TEST_DIALECT: 'sqlite' }),
      ...(process.env.TEST_DATABASE_URL ? projects('postgres', DATABASE, { VELADA_TEST_DIALECT: 'postgres' }) : []),
    ],
    maxWorkers: 3,
    globalSetup: ['tooling/testing/global-setup.ts'],
  },
});
