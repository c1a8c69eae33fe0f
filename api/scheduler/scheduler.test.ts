// The scheduler on both databases: a job runs at start and at each interval, a failed run is logged and tried
// again, and stopping waits for the run in progress. On PostgreSQL two schedulers on one database (two processes'
// worth) run each interval's job once between them.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { startScheduledJobs, type ScheduledJob, type SchedulerOptions } from './scheduler.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  if (t.schema) await t.db.raw(`drop schema if exists ${t.schema}_jobs cascade`);
  await t.destroy();
});
afterEach(() => vi.restoreAllMocks());

/** pg-boss in a schema of this file's own, and a retry delay and polling a test can wait for. */
const schedulerOptions = (): SchedulerOptions => ({
  pgBossSchema: t.schema && `${t.schema}_jobs`,
  retry: { retries: 2, retryDelayMs: 1_000 },
  pollEveryMs: 500,
});

const until = async (done: () => boolean, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('scheduled jobs', () => {
  it('are run at start, and a failed run is logged and tried again until it succeeds', { timeout: 60_000 }, async () => {
    const errors: string[] = [];
    // This job's lines only: a worker running test files one after another may still log for an earlier file.
    vi.spyOn(console, 'error').mockImplementation((...args) => {
      const line = args.join(' ');
      if (line.includes('flaky-job')) errors.push(line);
    });
    const runs: Date[] = [];
    const job: ScheduledJob = {
      name: 'flaky-job',
      everyMs: 60 * 60_000,
      run: async (now) => {
        runs.push(now);
        if (runs.length < 3) throw new Error(`failure number ${runs.length}`);
      },
    };
    const stop = await startScheduledJobs(t.db, [job], schedulerOptions());
    try {
      await until(() => runs.length === 3, 'the third attempt');
    } finally {
      await stop();
    }
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('Job flaky-job failed (attempt 1 of 3)');
    expect(errors[0]).toContain('failure number 1');
    expect(errors[1]).toContain('Job flaky-job failed (attempt 2 of 3)');
    // Tried again after the retry delay, not at once.
    expect(runs[1]!.getTime() - runs[0]!.getTime()).toBeGreaterThanOrEqual(900);
  });

  it('stop once the run in progress has finished', async () => {
    let finished = false;
    let started = false;
    const job: ScheduledJob = {
      name: 'slow-job',
      everyMs: 60 * 60_000,
      run: async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
    };
    const stop = await startScheduledJobs(t.db, [job], schedulerOptions());
    await until(() => started, 'the run to start');
    await stop();
    expect(finished).toBe(true);
  });
});

describe.runIf(process.env.VELADA_TEST_DIALECT === 'postgres')('two schedulers on one PostgreSQL database', () => {
  it('run each interval’s job once between them', async () => {
    const runs: string[] = [];
    const job = (process: string): ScheduledJob => ({
      name: 'shared-job',
      everyMs: 2_000,
      run: async () => void runs.push(process),
    });
    const stopFirst = await startScheduledJobs(t.db, [job('first')], schedulerOptions());
    const stopSecond = await startScheduledJobs(t.db, [job('second')], schedulerOptions());
    const jobsSchema = `${t.schema}_jobs`;
    const jobRows = () =>
      t.db.withSchema(jobsSchema).from('job').where('name', 'shared-job').select('id', 'state', 'singleton_on') as Promise<
        { id: string; state: string; singleton_on: Date }[]
      >;
    try {
      await until(() => runs.length >= 3, 'three intervals');
    } finally {
      await Promise.all([stopFirst(), stopSecond()]);
    }
    const rows = await jobRows();
    const completed = rows.filter((row) => row.state === 'completed');
    // One job per interval, each run by one of the two, and nothing run that was not a job of its own interval.
    expect(new Set(rows.map((row) => row.singleton_on.getTime())).size).toBe(rows.length);
    expect(runs).toHaveLength(completed.length);
    expect(completed.length).toBeGreaterThanOrEqual(3);
  });
});
