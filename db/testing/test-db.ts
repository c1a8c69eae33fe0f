// A fresh, migrated database for one test file: SQLite (a copy of a migrated template file) by default,
// or a schema of its own in the PostgreSQL at TEST_DATABASE_URL when the suite runs in the postgres project.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { knexConfig, migrate } from '../connection.ts';

export interface TestDb {
  db: Knex;
  dataDir: string;
  dialect: 'sqlite' | 'postgres';
  /** How another process reaches the same database: its URL, and on PostgreSQL the schema to search. */
  url: string;
  schema?: string;
  destroy(): Promise<void>;
}

const templateDir = path.join(os.tmpdir(), 'velada-test-template');
const templateFile = path.join(templateDir, `template-${process.pid}.sqlite`);

async function sqliteTemplate(): Promise<string> {
  if (fs.existsSync(templateFile)) return templateFile;
  fs.mkdirSync(templateDir, { recursive: true });
  const building = `${templateFile}.${crypto.randomUUID()}`;
  const db = knexFactory(knexConfig(`sqlite:${building}`, templateDir));
  await migrate(db);
  await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await db.destroy();
  fs.renameSync(building, templateFile);
  return templateFile;
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
