// The jobs on this process's timers: the single process of a SQLite database. Each job runs at start and then every
// interval; a failed run is tried again after the retry delay, as many times as the policy says; a run still going
// (or waiting for its retry) when its next is due makes that one skip.
import { runLogged } from './run-logged.ts';
import type { RetryPolicy, ScheduledJob, StopJobs } from './scheduler.ts';

export function startInProcessJobs(jobs: ScheduledJob[], retry: RetryPolicy): StopJobs {
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  for (const job of jobs) {
    // From a run's start until it succeeds or its last retry ends: a due interval meanwhile is skipped, so a failing
    // job is not run by its retries and its interval at once.
    let busy = false;
    const attempt = (n: number) => {
      if (stopped) return void (busy = false);
      busy = true;
      const run = runLogged(job, new Date(), n, retry).then(
        () => {
          busy = false;
        },
        () => {
          if (n <= retry.retries) later(retry.retryDelayMs, () => attempt(n + 1));
          else busy = false;
        },
      );
      const tracked = run.finally(() => running.delete(tracked));
      running.add(tracked);
    };
    const due = () => {
      if (!busy) attempt(1);
    };
    due();
    const interval = setInterval(due, job.everyMs);
    interval.unref();
    timers.add(interval);
  }

  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.allSettled([...running]);
  };
}
