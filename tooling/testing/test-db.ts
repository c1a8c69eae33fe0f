// A fresh, migrated database for one test file: SQLite (a copy of a migrated template file) by default,
// or a database of its own in the PostgreSQL at TEST_DATABASE_URL when the suite runs in the postgres project (a copy
// of a migrated template database, made once per run).
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
  /** How another process reaches the same database: its URL, and on PostgreSQL the schema to search ('public'). */
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

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Migrates a new PostgreSQL database named `name` on the server of `serverUrl`: the template that test databases are
 * created from (CREATE DATABASE … TEMPLATE copies it in a fraction of a second, where migrating takes seconds).
 */
export async function buildPostgresTemplate(serverUrl: string, name: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl });
  try {
    await admin.raw('create database ??', [name]);
  } finally {
    await admin.destroy();
  }
  const db = knexFactory(knexConfig(databaseUrl(serverUrl, name), os.tmpdir()));
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
}

/** Drops the databases of `serverUrl` whose names start with `prefix` (a run's template and leftovers). */
export async function dropPostgresDatabases(serverUrl: string, prefix: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl });
  try {
    const names: string[] = await admin('pg_database').where('datname', 'like', `${prefix}%`).pluck('datname');
    for (const name of names) await admin.raw('drop database if exists ?? with (force)', [name]);
  } finally {
    await admin.destroy();
  }
}

/** A database of its own for one test file, copied from the run's migrated template (global-setup.ts). */
async function createPostgresTestDb(serverUrl: string, dataDir: string): Promise<TestDb> {
  const template = process.env.VELADA_TEST_PG_TEMPLATE;
  const name = `${template ?? 'velada_test'}_${crypto.randomBytes(6).toString('hex')}`;
  if (template) {
    const admin = knexFactory({ client: 'pg', connection: serverUrl });
    try {
      await admin.raw('create database ?? template ??', [name, template]);
    } finally {
      await admin.destroy();
    }
  } else {
    await buildPostgresTemplate(serverUrl, name); // outside Vitest's run: migrated in place
  }
  const url = databaseUrl(serverUrl, name);
  const db = knexFactory({ ...knexConfig(url, dataDir), pool: { min: 0, max: 4 } });
  return {
    db,
    dataDir,
    dialect: 'postgres',
    url,
    schema: 'public',
    async destroy() {
      await db.destroy();
      const admin = knexFactory({ client: 'pg', connection: serverUrl });
      try {
        await admin.raw('drop database if exists ?? with (force)', [name]);
      } finally {
        await admin.destroy();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestDb(): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-test-'));
  const postgresUrl = process.env.VELADA_TEST_DIALECT === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (postgresUrl) return createPostgresTestDb(postgresUrl, dataDir);
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
