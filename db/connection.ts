// Opens the database: a SQLite file under DATA_DIR by default, PostgreSQL when DATABASE_URL says so.
import path from 'node:path';
import fs from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { configureConnection, VeladaSqliteClient, type SqliteConnection } from './sqlite-client.ts';
import { migrationSource } from './migrations/index.ts';

export type Db = Knex;

// PostgreSQL DATE columns come back as 'YYYY-MM-DD' strings, as in SQLite, instead of local-midnight Dates.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function knexConfig(databaseUrl: string | undefined, dataDir: string): Knex.Config {
  const migrations = { migrationSource, tableName: 'knex_migrations' };
  if (isPostgresUrl(databaseUrl)) {
    return { client: 'pg', connection: databaseUrl, pool: { min: 0, max: 10 }, migrations, compileSqlOnError: false };
  }
  const filename = databaseUrl?.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : path.join(dataDir, 'velada.sqlite');
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  return { ...sqliteConfig(filename), migrations };
}

/** A SQLite file's connection settings, its folder taken as existing. */
export function sqliteConfig(filename: string): Knex.Config {
  return {
    client: VeladaSqliteClient as unknown as typeof Knex.Client,
    connection: { filename },
    useNullAsDefault: true,
    // An error names the query with '?' placeholders, never the values (user data stays out of logs).
    compileSqlOnError: false,
    // One writer at a time is SQLite's rule anyway; a small pool lets reads go on while a transaction is open (WAL).
    pool: {
      min: 1,
      max: 4,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        try {
          configureConnection(conn);
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
  };
}

export function openDb(databaseUrl: string | undefined, dataDir: string): Db {
  return knexFactory(knexConfig(databaseUrl, dataDir));
}

/**
 * Brings the schema to the latest migration. On PostgreSQL, processes starting together take turns under an advisory
 * lock of the schema's own: Knex's lock table makes the second fail at once instead of waiting.
 */
export async function migrate(db: Db): Promise<void> {
  if (db.client.config.client !== 'pg') return void (await db.migrate.latest());
  const connection = (await db.client.acquireConnection()) as pg.Client;
  const lock = "hashtext(current_schema() || ':velada-migrations')";
  try {
    await connection.query(`select pg_advisory_lock(${lock})`);
    try {
      await db.migrate.latest();
    } finally {
      await connection.query(`select pg_advisory_unlock(${lock})`);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** A round trip to the database; rejects when it cannot be reached. */
export async function ping(db: Db): Promise<void> {
  await db.raw('select 1');
}

/** Keeps SQLite's planner statistics fresh (PostgreSQL's autovacuum does it there). */
export async function optimize(db: Db): Promise<void> {
  if (db.client.config.client !== 'pg') await db.raw('PRAGMA optimize');
}
