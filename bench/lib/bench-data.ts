// The benchmark database: a SQLite file under data/bench/ with 100,000 published ads of verified advertisers
// (two ads each), built from the demo factories with a fixed seed. Generated once and reused while complete
// and recent (ads' dates are relative to the day they were generated). The same ads in a PostgreSQL database of
// their own (velada_bench) for the benchmarks on PostgreSQL, with a marker of their own.
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrate, openDb } from '#db/connection.ts';
import { adRow, createRandom, demoAdInput, demoBirthDate } from '#tooling/factories/index.ts';
import { refreshSearchRanks } from '#db/queries/search-rank.ts';
import { BENCH_DATABASE_URL, BENCH_DATA_DIR, BENCH_DB_FILE, log } from './common.ts';

export const BENCH_ADS = 100_000;

const SEED = 100_000;
const ADS_PER_ADVERTISER = 2;
// Advertisers per insert: 400 ads x 26 columns stays far below SQLite's 32,766 bound variables.
const ADVERTISERS_PER_CHUNK = 200;
// Demo ads are published up to 25 days before generation and expire 30 days after publication.
const MAX_AGE_MS = 5 * 86_400_000;
const MARKER_FILE = path.join(BENCH_DATA_DIR, 'complete.json');

interface Marker {
  ads: number;
  seed: number;
  generatedAt: string;
}

function isReusable(markerFile = MARKER_FILE): boolean {
  if (!fs.existsSync(markerFile)) return false;
  try {
    const marker = JSON.parse(fs.readFileSync(markerFile, 'utf8')) as Marker;
    const age = Date.now() - new Date(marker.generatedAt).getTime();
    return marker.ads === BENCH_ADS && marker.seed === SEED && age >= 0 && age < MAX_AGE_MS;
  } catch {
    return false;
  }
}

async function insertAll(trx: Knex.Transaction, now: Date): Promise<void> {
  // Advertisers' ids are given: on PostgreSQL the sequence is moved past them afterwards.
  const rand = createRandom(SEED);
  const advertisers = BENCH_ADS / ADS_PER_ADVERTISER;
  for (let first = 1; first <= advertisers; first += ADVERTISERS_PER_CHUNK) {
    const ids = Array.from({ length: Math.min(ADVERTISERS_PER_CHUNK, advertisers - first + 1) }, (_, i) => first + i);
    await trx('advertisers').insert(
      ids.map((id) => ({
        id,
        email: `bench${id}@velada.invalid`,
        full_name: `Anunciante Bench ${id}`,
        birth_date: demoBirthDate(rand, now),
        verification_status: 'verified',
        verified_at: now,
        created_at: now,
        updated_at: now,
      })),
    );
    const ads = ids.flatMap((id) => Array.from({ length: ADS_PER_ADVERTISER }, () => adRow(id, demoAdInput(rand, now), now)));
    await trx('ads').insert(ads);
  }
}

/** Makes sure the benchmark database exists and is complete; returns its ad count. */
export async function ensureBenchData(): Promise<number> {
  if (fs.existsSync(BENCH_DB_FILE) && isReusable()) {
    const db = openDb(BENCH_DATABASE_URL, BENCH_DATA_DIR);
    await migrate(db); // a migration added since generation still applies
    await db.destroy();
    log(`reusing ${BENCH_DB_FILE} (${BENCH_ADS} ads)`);
    return BENCH_ADS;
  }
  // Only this database's files: data/bench/ also holds the analytics data, which takes far longer to build.
  for (const file of [MARKER_FILE, BENCH_DB_FILE, `${BENCH_DB_FILE}-wal`, `${BENCH_DB_FILE}-shm`]) fs.rmSync(file, { force: true });
  fs.mkdirSync(BENCH_DATA_DIR, { recursive: true });
  const started = performance.now();
  const now = new Date();
  const db = openDb(BENCH_DATABASE_URL, BENCH_DATA_DIR);
  try {
    await migrate(db);
    await db.transaction((trx) => insertAll(trx, now));
    await refreshSearchRanks(db, now);
    await db.raw('ANALYZE');
    await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await db.destroy();
  }
  const marker: Marker = { ads: BENCH_ADS, seed: SEED, generatedAt: now.toISOString() };
  fs.writeFileSync(MARKER_FILE, JSON.stringify(marker));
  log(`generated ${BENCH_ADS} ads in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return BENCH_ADS;
}

/** PostgreSQL for the benchmarks: BENCH_POSTGRES_URL names the server (its database is only used to make ours). */
const POSTGRES_SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POSTGRES_MARKER_FILE = path.join(BENCH_DATA_DIR, 'postgres-complete.json');

/**
 * Makes sure the PostgreSQL benchmark database (velada_bench on BENCH_POSTGRES_URL's server) holds the same 100,000
 * ads; returns its URL, or null when no PostgreSQL answers there.
 */
export async function ensurePostgresBenchData(): Promise<string | null> {
  const server = knexFactory({ client: 'pg', connection: POSTGRES_SERVER_URL, pool: { min: 0, max: 1 } });
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = '/velada_bench';
  try {
    await server.raw('select 1');
  } catch {
    await server.destroy();
    return null;
  }
  try {
    const exists = (await server.raw("select 1 from pg_database where datname = 'velada_bench'")).rows.length > 0;
    if (exists && isReusable(POSTGRES_MARKER_FILE)) {
      const db = openDb(url.toString(), BENCH_DATA_DIR);
      await migrate(db);
      await db.destroy();
      log(`reusing the PostgreSQL database velada_bench (${BENCH_ADS} ads)`);
      return url.toString();
    }
    fs.rmSync(POSTGRES_MARKER_FILE, { force: true });
    await server.raw('drop database if exists velada_bench with (force)');
    await server.raw('create database velada_bench');
  } finally {
    await server.destroy();
  }
  const started = performance.now();
  const now = new Date();
  const db = openDb(url.toString(), BENCH_DATA_DIR);
  try {
    await migrate(db);
    await db.transaction((trx) => insertAll(trx, now));
    await db.raw("select setval(pg_get_serial_sequence('advertisers', 'id'), (select max(id) from advertisers))");
    await refreshSearchRanks(db, now);
    await db.raw('ANALYZE');
  } finally {
    await db.destroy();
  }
  fs.mkdirSync(BENCH_DATA_DIR, { recursive: true });
  fs.writeFileSync(POSTGRES_MARKER_FILE, JSON.stringify({ ads: BENCH_ADS, seed: SEED, generatedAt: now.toISOString() } satisfies Marker));
  log(`generated ${BENCH_ADS} ads in PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return url.toString();
}
