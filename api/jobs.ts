// Work that runs on a timer inside the server process. Every job is idempotent, so several processes
// sharing one database may all run it.
import type { Knex } from 'knex';
import { refreshSearchRanks } from '../db/queries/search-rank.ts';
import { dialectOf } from '../db/dialect.ts';
import { deleteExpiredAnalytics } from '../db/queries/analytics-retention.ts';
import { purgeIdentityDocuments } from '../db/queries/identity-purge.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Keeps search ranks current (plan ends, the daily rotation) and SQLite's planner statistics fresh. */
export async function refreshSearchOrder(db: Knex): Promise<void> {
  await refreshSearchRanks(db);
  if (dialectOf(db) === 'sqlite') await db.raw('PRAGMA optimize');
}

/** Every hour: deleting by whole past days, so each run removes at most the day that just expired. */
export async function runHourlyJobs(db: Knex, dataDir: string, now = new Date()): Promise<void> {
  await refreshSearchOrder(db).catch((err) => console.error('Search order refresh failed:', err));
  await deleteExpiredAnalytics(db, now).catch((err) => console.error('Analytics retention failed:', err));
  await purgeIdentityDocuments(db, dataDir, now).catch((err) => console.error('Identity document purge failed:', err));
}

export function startJobs(db: Knex, dataDir: string): () => void {
  const run = () => void runHourlyJobs(db, dataDir);
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
