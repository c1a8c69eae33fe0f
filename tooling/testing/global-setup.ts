// Vitest's global setup: one migrated SQLite template for the whole run, in a folder of its own that is removed
// when the run ends. Test files copy it (createTestDb) instead of migrating a database each. With TEST_DATABASE_URL,
// a migrated PostgreSQL template database too, which the postgres project's test files are created from; it and
// any test database left behind are dropped when the run ends.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPostgresTemplate, buildSqliteTemplate, dropPostgresDatabases } from './test-db.ts';

export async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-test-template-'));
  process.env.VELADA_TEST_TEMPLATE = await buildSqliteTemplate(dir);
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const pgTemplate = `velada_test_${crypto.randomBytes(4).toString('hex')}`;
  if (postgresUrl) {
    await buildPostgresTemplate(postgresUrl, pgTemplate);
    process.env.VELADA_TEST_PG_TEMPLATE = pgTemplate;
  }
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (postgresUrl) await dropPostgresDatabases(postgresUrl, pgTemplate);
  };
}
