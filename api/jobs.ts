// The scheduled jobs: what runs every few minutes or every hour, once across the processes sharing the database
// (api/scheduler/). Every job is idempotent all the same: a run repeated after a failure or a crash does no harm.
import type { Knex } from 'knex';
import { deleteExpiredSteps } from '#db/queries/sign-in-steps.ts';
import { refreshSearchRanks } from '#db/queries/search-rank.ts';
import { ROTATION_WINDOW_MS } from '#shared/ranking.ts';
import { optimize } from '#db/connection.ts';
import { deleteExpiredAnalytics } from '#db/queries/analytics-retention.ts';
import { deleteExpiredAdStats } from '#db/queries/ad-stats.ts';
import { deleteExpiredRateLimits } from '#db/queries/rate-limits.ts';
import { deleteExpiredAvailabilityWindows } from '#db/queries/availability-windows.ts';
import { purgeIdentityDocuments } from '#api/services/identity-purge.ts';
import { runPlanJobs } from '#core/plans/plan-lifecycle.ts';
import { refreshServiceTimes } from '#core/service-times/service-times.ts';
import type { Mailer } from '#core/mail/mail.ts';
import type { ObjectStore } from './services/object-store/object-store.ts';
import { removeOrphanFiles } from './services/orphan-files.ts';
import { escalateReports } from './services/report-escalation.ts';
import { hashStoredPhotos } from './services/photo-hash-backfill.ts';
import { runSearchAlerts, type PushSender } from './services/search-alerts-job.ts';
import { deleteStaleAlerts } from '#db/queries/push-subscriptions.ts';
import { deleteExpiredSafetyAlerts } from '#db/queries/safety-alerts.ts';
import { runCheckInAlerts } from './services/check-in-alerts.ts';
import { runPhotoBadgeJob } from '#core/verification/photo-badge.ts';
import { startScheduledJobs, type ScheduledJob, type SchedulerOptions, type StopJobs } from './scheduler/scheduler.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Plans and listings end within this long of their date. */
const PLAN_JOB_MS = 5 * 60 * 1000;
/** New ads are looked for this often; each search is told at most once a day (decision 038). */
const SEARCH_ALERTS_MS = 15 * 60 * 1000;
/** A check-in timer's contact hears within about this long of its deadline (decision 041). */
const CHECK_IN_MS = 60 * 1000;
/** Open hiding reports past 24 hours are escalated within this long (decision 044). */
const REPORT_ESCALATION_MS = 15 * 60 * 1000;

/**
 * Keeps search ranks current with the clock (the turns of each rotation window, plans past their end: what no write
 * marks, docs/decisions/050-ranking.md and 064-fair-exposure.md) and SQLite's planner statistics fresh.
 */
export async function refreshSearchOrder(db: Knex, now = new Date()): Promise<void> {
  await refreshSearchRanks(db, now);
  await optimize(db);
}

/** What the scheduler needs to run the jobs. */
export interface JobContext {
  db: Knex;
  store: ObjectStore;
  mailer: Mailer;
  siteOrigin: string;
  /** Where staff alerts are mailed (STAFF_ALERT_EMAIL); unset: the alerts stay in the panel only. */
  staffAlertEmail?: string;
  /** Delivers search alerts through the devices' push services (api/services/search-alerts-job.ts). */
  pushSender: PushSender;
}

/**
 * The scheduled jobs (api/scheduler/): each once per interval across the processes sharing the database. The
 * hourly ones delete by whole past days, so each run removes at most the day that just expired.
 */
export function scheduledJobs({ db, store, mailer, siteOrigin, staffAlertEmail, pushSender }: JobContext): ScheduledJob[] {
  return [
    {
      name: 'report-escalation',
      everyMs: REPORT_ESCALATION_MS,
      run: async (now) => {
        const escalated = await escalateReports(db, mailer, staffAlertEmail, siteOrigin, now);
        if (escalated) console.log(`Reports escalated: ${escalated} waiting over 24 hours.`);
      },
    },
    { name: 'plan-lifecycle', everyMs: PLAN_JOB_MS, run: async (now) => void (await runPlanJobs({ db, mailer, siteOrigin }, now)) },
    { name: 'search-order', everyMs: ROTATION_WINDOW_MS, run: (now) => refreshSearchOrder(db, now) },
    // The waits of the last 7 days' decisions, as of the start of the hour (decision 065).
    { name: 'service-times', everyMs: HOUR_MS, run: async (now) => void (await refreshServiceTimes(db, now)) },
    {
      name: 'check-in-alerts',
      everyMs: CHECK_IN_MS,
      run: async (now) => {
        // Counts only: which timers, whose and to whom is never logged.
        const { sent, failed, givenUp } = await runCheckInAlerts(db, mailer, siteOrigin, now);
        if (sent || failed || givenUp) console.log(`Check-in alerts: ${sent} sent, ${failed} failed, ${givenUp} given up.`);
      },
    },
    {
      // Also the "Disponible ahora" history (decision 032), kept as long as the raw analytics.
      name: 'analytics-retention',
      everyMs: HOUR_MS,
      run: async (now) => {
        await deleteExpiredAnalytics(db, now);
        await deleteExpiredAvailabilityWindows(db, now);
      },
    },
    { name: 'ad-stats-retention', everyMs: HOUR_MS, run: async (now) => void (await deleteExpiredAdStats(db, now)) },
    {
      name: 'search-alerts',
      everyMs: SEARCH_ALERTS_MS,
      run: async (now) => {
        const { sent, gone } = await runSearchAlerts(db, pushSender, now);
        if (sent || gone) console.log(`Search alerts: ${sent} sent, ${gone} devices gone.`);
      },
    },
    // A device's endpoint is an identifier: alerts that told nothing for 12 months go (decision 038).
    { name: 'search-alert-retention', everyMs: HOUR_MS, run: async (now) => void (await deleteStaleAlerts(db, now)) },
    // Safety alerts count 12 months from their filing, then go whatever their state (decision 040).
    { name: 'safety-alert-retention', everyMs: HOUR_MS, run: async (now) => void (await deleteExpiredSafetyAlerts(db, now)) },
    { name: 'rate-limit-cleanup', everyMs: HOUR_MS, run: async (now) => void (await deleteExpiredRateLimits(db, now)) },
    // Sign-in steps last 10 minutes (decision 069); the expired ones are only waste.
    { name: 'sign-in-steps', everyMs: HOUR_MS, run: async (now) => void (await deleteExpiredSteps(db, now)) },
    // Photos stored before perceptual hashes (decision 043): a batch every few minutes until none is left.
    { name: 'photo-hashes', everyMs: PLAN_JOB_MS, run: async () => void (await hashStoredPhotos(db, store)) },
    {
      // "Fotos reales" ends 90 days after the check, its owner reminded 7 days before (decision 067).
      name: 'photo-badges',
      everyMs: HOUR_MS,
      run: async (now) => {
        const { ended, reminded, failed } = await runPhotoBadgeJob({ db, mailer, siteOrigin }, now);
        if (ended || reminded || failed) console.log(`"Fotos reales": ${ended} ended, ${reminded} reminded, ${failed} failed.`);
      },
    },
    { name: 'identity-purge', everyMs: HOUR_MS, run: async (now) => void (await purgeIdentityDocuments(db, store, now)) },
    {
      name: 'orphan-files',
      everyMs: HOUR_MS,
      run: async (now) => {
        const removed = await removeOrphanFiles(db, store, now);
        const total = removed['ad-images'] + removed.identity + removed.receipts;
        if (total)
          console.log(
            `Orphan files removed: ${removed['ad-images']} photos, ${removed.identity} identity documents, ${removed.receipts} receipts.`,
          );
      },
    },
  ];
}

/** Starts the scheduled jobs; the function returned stops them once the runs in progress have finished. */
export function startJobs(context: JobContext, options?: SchedulerOptions): Promise<StopJobs> {
  return startScheduledJobs(context.db, scheduledJobs(context), options);
}
