// Unit and integration tests. Every database test runs on SQLite; with TEST_DATABASE_URL set it runs a
// second time on PostgreSQL (project "postgres"), each test file in a schema of its own.
import { defineConfig } from 'vitest/config';

const shared = {
  include: [
    'api/**/*.test.ts',
    'core/**/*.test.ts',
    'db/**/*.test.ts',
    'shared/**/*.test.ts',
    'site/**/*.test.ts',
    'scripts/**/*.test.ts',
    'tooling/**/*.test.ts',
  ],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'sqlite', env: { VELADA_TEST_DIALECT: 'sqlite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: ['api/**/*.test.ts', 'core/**/*.test.ts', 'db/**/*.test.ts', 'site/server/**/*.test.ts', 'tooling/**/*.test.ts'],
                env: { VELADA_TEST_DIALECT: 'postgres' },
              },
            },
          ]
        : []),
    ],
    globalSetup: ['tooling/testing/global-setup.ts'],
  },
});
