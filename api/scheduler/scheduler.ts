// Scheduled jobs (docs/decisions/030-scheduled-jobs.md): each runs once per interval across every process that
// shares the database. On SQLite there is one process, and the jobs run on its timers (./in-process.ts); on
// PostgreSQL, pg-boss keeps one job per interval in the database and one of the processes runs it (./pg-boss.ts).
// Either way a run that fails is logged and tried again, and every job is idempotent: a second run does no harm.
import type { Knex } from 'knex';
import { startInProcessJobs } from './in-process.ts';
import { startPgBossJobs } from './pg-boss.ts';

export interface ScheduledJob {
  /** Also the pg-boss queue's name: lower case and dashes. */
  name: string;
  everyMs: number;
  /** Throws when the run failed (it is then tried again). */
  run: (now: Date) => Promise<void>;
}

export interface RetryPolicy {
  /** Runs after a failed one, at most. */
  retries: number;
  retryDelayMs: number;
}

export const RETRY_POLICY: RetryPolicy = { retries: 2, retryDelayMs: 60_000 };

export interface SchedulerOptions {
  /** PostgreSQL only: where pg-boss keeps its tables (by default `pgboss`). */
  pgBossSchema?: string;
  retry?: RetryPolicy;
  /** PostgreSQL only: how often a process looks for due jobs (by default a tenth of a job's interval, 0.5-10 s). */
  pollEveryMs?: number;
}

/** Stops the timers and resolves once the runs in progress have finished. */
export type StopJobs = () => Promise<void>;

export function startScheduledJobs(db: Knex, jobs: ScheduledJob[], options: SchedulerOptions = {}): Promise<StopJobs> {
  const retry = options.retry ?? RETRY_POLICY;
  if (db.client.config.client === 'pg') {
    return startPgBossJobs(db, jobs, { schema: options.pgBossSchema ?? 'pgboss', retry, pollEveryMs: options.pollEveryMs });
  }
  return Promise.resolve(startInProcessJobs(jobs, retry));
}
