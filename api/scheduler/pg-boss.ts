// The jobs of processes sharing a PostgreSQL database, through pg-boss (decision 030). Every process asks, on its
// own timer, for the job of the current interval (`sendThrottled`: one job per job name and interval slot, kept
// unique by pg-boss's own index), and works the queue: whichever process fetches the job runs it, once. A run that
// throws is retried by pg-boss after the retry delay; a process that dies mid-run leaves the job to expire and be
// retried elsewhere.
import { PgBoss, type ConstructorOptions } from 'pg-boss';
import type { Knex } from 'knex';
import { runLogged } from './run-logged.ts';
import type { RetryPolicy, ScheduledJob, StopJobs } from './scheduler.ts';

/** How often each process asks for the current slot's job: an interval is never left without one. */
const ASK_EVERY_MS = 60_000;
/** pg-boss's pool per process: the jobs run on the app's own pool; this one only moves jobs. */
const POOL_SIZE = 2;

export async function startPgBossJobs(
  db: Knex,
  jobs: ScheduledJob[],
  options: { schema: string; retry: RetryPolicy; pollEveryMs?: number },
): Promise<StopJobs> {
  const boss = new PgBoss({
    ...connectionOf(db),
    schema: options.schema,
    max: POOL_SIZE,
    application_name: 'velada-jobs',
    // Cron schedules are not used: intervals come from sendThrottled, which allows any length.
    schedule: false,
  });
  boss.on('error', (err: Error) => console.error('Jobs (pg-boss):', err.message));
  await boss.start();

  const { retry } = options;
  for (const job of jobs) {
    const everyS = seconds(job.everyMs);
    await boss.createQueue(job.name, {
      retryLimit: retry.retries,
      retryDelay: seconds(retry.retryDelayMs),
      // A run that outlives its interval is taken for lost (its process died) and retried.
      expireInSeconds: Math.max(60, everyS),
      deleteAfterSeconds: 7 * 86_400,
    });
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollEveryMs ? options.pollEveryMs / 1000 : pollingSecondsFor(everyS) },
      async ([work]) => {
        await runLogged(job, new Date(), work!.retryCount + 1, retry);
      },
    );
  }

  const ask = (job: ScheduledJob) =>
    boss
      .sendThrottled(job.name, null, null, seconds(job.everyMs))
      .catch((err: Error) => console.error(`Job ${job.name}: could not be queued:`, err.message));
  const timers = jobs.map((job) => {
    void ask(job);
    const timer = setInterval(() => void ask(job), Math.min(ASK_EVERY_MS, job.everyMs));
    timer.unref();
    return timer;
  });

  return async () => {
    timers.forEach(clearInterval);
    // Runs in progress finish; pg-boss waits for them before closing its pool.
    await boss.stop({ graceful: true, timeout: 30_000 });
  };
}

/** pg-boss counts in whole seconds, one at least. */
const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/** How often a process looks for a due job: a tenth of its interval, from half a second to 10 s. */
const pollingSecondsFor = (everyS: number) => Math.min(10, Math.max(0.5, everyS / 10));

/** The app's database, as pg-boss's own pool connects to it (Knex may keep the URL parsed). */
function connectionOf(db: Knex): Pick<ConstructorOptions, 'connectionString' | 'host' | 'port' | 'user' | 'password' | 'database' | 'ssl'> {
  const connection = db.client.config.connection as string | Knex.PgConnectionConfig;
  if (typeof connection === 'string') return { connectionString: connection };
  const { host, port, user, password, database, ssl } = connection;
  return { host, port, user, password: password as string | undefined, database, ssl };
}
