import type { RetryPolicy, ScheduledJob } from './scheduler.ts';

/** A job's run, logged when it fails (the message only: what failed is ours, no visitor's data is in it). */
export async function runLogged(job: ScheduledJob, now: Date, attempt: number, retry: RetryPolicy): Promise<void> {
  try {
    await job.run(now);
  } catch (err) {
    const next = attempt <= retry.retries ? `; tried again in ${Math.round(retry.retryDelayMs / 1000)} s` : '; next at its interval';
    console.error(`Job ${job.name} failed (attempt ${attempt} of ${retry.retries + 1})${next}:`, (err as Error).message);
    throw err;
  }
}
