// Work that runs on a timer inside the server process. Every job is idempotent, so several processes
// sharing one database may all run it.
import type { Knex } from 'knex';
import { refreshSearchRanks } from '#db/queries/search-rank.ts';
import { optimize } from '#db/connection.ts';
import { deleteExpiredAnalytics } from '#db/queries/analytics-retention.ts';
import { deleteExpiredRateLimits } from '#db/queries/rate-limits.ts';
import { purgeIdentityDocuments } from '#api/services/identity-purge.ts';
import { runPlanLifecycle, type PlanLifecycleResult } from '#db/queries/plan-lifecycle.ts';
import type { Mailer } from './services/mail.ts';
import { removeOrphanFiles } from './services/orphan-files.ts';
import { renewalDueMail } from './routes/payments/mails.ts';
import { paymentPagePath } from './routes/payments/confirmations.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Plans and listings end within this long of their date. */
const PLAN_JOB_MS = 5 * 60 * 1000;

/** Keeps search ranks current (plan ends, the daily rotation) and SQLite's planner statistics fresh. */
export async function refreshSearchOrder(db: Knex): Promise<void> {
  await refreshSearchRanks(db);
  await optimize(db);
}

/** Every hour: deleting by whole past days, so each run removes at most the day that just expired. */
export async function runHourlyJobs(db: Knex, dataDir: string, now = new Date()): Promise<void> {
  await refreshSearchOrder(db).catch((err) => console.error('Search order refresh failed:', err));
  await deleteExpiredAnalytics(db, now).catch((err) => console.error('Analytics retention failed:', err));
  await purgeIdentityDocuments(db, dataDir, now).catch((err) => console.error('Identity document purge failed:', err));
  await deleteExpiredRateLimits(db, now).catch((err) => console.error('Rate limit cleanup failed:', err));
  await removeOrphanFiles(db, dataDir, now)
    .then((removed) => {
      const total = removed['ad-images'] + removed.identity + removed.receipts;
      if (total)
        console.log(
          `Orphan files removed: ${removed['ad-images']} photos, ${removed.identity} identity documents, ${removed.receipts} receipts.`,
        );
    })
    .catch((err) => console.error('Orphan file cleanup failed:', err));
}

/** Ends plans and listings at their date and creates renewal payments, mailing each advertiser who must pay one. */
export async function runPlanJobs(db: Knex, mailer: Mailer, siteOrigin: string, now = new Date()): Promise<PlanLifecycleResult> {
  const result = await runPlanLifecycle(db, now);
  for (const renewal of result.renewalsCreated) {
    const mail = renewalDueMail(renewal.advertiser.email, {
      ...renewal,
      fullName: renewal.advertiser.fullName,
      link: `${siteOrigin}${paymentPagePath(renewal.reference)}`,
    });
    await mailer.send(mail).catch((err: Error) => console.error(`Renewal ${renewal.reference}: the mail failed:`, err.message));
  }
  return result;
}

/**
 * Runs the jobs now and on their timers. Returns a stop function that cancels the timers and resolves once the
 * runs in progress have finished, so that the database is closed only after them.
 */
export function startJobs(db: Knex, dataDir: string, plans: { mailer: Mailer; siteOrigin: string }): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const track = (run: Promise<unknown>) => {
    const tracked = run.finally(() => running.delete(tracked));
    running.add(tracked);
  };
  const hourly = () => track(runHourlyJobs(db, dataDir));
  const planJobs = () =>
    track(runPlanJobs(db, plans.mailer, plans.siteOrigin).catch((err) => console.error('Plan expiry and renewal failed:', err)));
  hourly();
  planJobs();
  const timers = [setInterval(hourly, HOUR_MS), setInterval(planJobs, PLAN_JOB_MS)];
  for (const timer of timers) timer.unref();
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
