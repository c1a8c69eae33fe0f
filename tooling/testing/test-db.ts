// A fresh, migrated database for one test file: SQLite (a copy of a migrated template file) by default,
// or a schema of its own in the PostgreSQL at TEST_DATABASE_URL when the suite runs in the postgres project.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { knexConfig, migrate } from '#db/connection.ts';

export interface TestDb {
  db: Knex;
  dataDir: string;
  dialect: 'sqlite' | 'postgres';
  /** How another process reaches the same database: its URL, and on PostgreSQL the schema to search. */
  url: string;
  schema?: string;
  destroy(): Promise<void>;
}

/** Migrates a SQLite database in `dir` and returns its file: the template that test databases copy. */
export async function buildSqliteTemplate(dir: string): Promise<string> {
  const file = path.join(dir, 'template.sqlite');
  const db = knexFactory(knexConfig(`sqlite:${file}`, dir));
  await migrate(db);
  await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await db.destroy();
  return file;
}

let ownTemplate: Promise<string> | undefined;

/**
 * The run's template (made by tooling/testing/global-setup.ts); a process started outside Vitest builds its own
 * in a temporary folder that goes when the process exits.
 */
function sqliteTemplate(): Promise<string> {
  if (process.env.VELADA_TEST_TEMPLATE) return Promise.resolve(process.env.VELADA_TEST_TEMPLATE);
  if (!ownTemplate) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-test-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    ownTemplate = buildSqliteTemplate(dir);
  }
  return ownTemplate;
}

export async function createTestDb(): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-test-'));
  const postgresUrl = process.env.VELADA_TEST_DIALECT === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (postgresUrl) {
    const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: postgresUrl });
    await admin.raw(`create schema ${schema}`);
    await admin.destroy();
    const config = knexConfig(postgresUrl, dataDir);
    const db = knexFactory({ ...config, searchPath: [schema], pool: { min: 0, max: 4 } });
    await migrate(db);
    return {
      db,
      dataDir,
      dialect: 'postgres',
      url: postgresUrl,
      schema,
      async destroy() {
        await db.raw(`drop schema ${schema} cascade`);
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const file = path.join(dataDir, 'test.sqlite');
  fs.copyFileSync(await sqliteTemplate(), file);
  const db = knexFactory(knexConfig(`sqlite:${file}`, dataDir));
  return {
    db,
    dataDir,
    dialect: 'sqlite',
    url: `sqlite:${file}`,
    async destroy() {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
