// Search alerts through Web Push (docs/decisions/038-favourites-and-alerts.md): the job that tells each device, at
// most once a day per search, how many ads matching its search were published since it was last told (which push
// services an alert may name: push-endpoints.ts; the sending itself: push-sender.ts). The notification says a number and nothing
// else: it is read on lock screens.
import type { Knex } from 'knex';
import {
  alertsAfter,
  countSendFailure,
  deleteEndpoint,
  markAlertNotified,
  resetSendFailures,
  type PushAlert,
} from '#db/queries/push-subscriptions.ts';
import { newMatchesSince } from '#db/queries/search-ads.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { searchPathOf } from '#core/search/alert-filter.ts';
import { formatCount } from '#shared/format.ts';
import { fillText } from '#shared/i18n/fill.ts';
import { alertNotifications } from '#shared/i18n/messages/search-alerts.ts';
import { isLocale, type Locale } from '#shared/i18n/locales.ts';
import type { PushMessage, PushSender } from './push-sender.ts';

export { NOTIFICATION_TTL_SECONDS, vapidKeysOf, webPushSender } from './push-sender.ts';
export type { PushMessage, PushOutcome, PushSender } from './push-sender.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A device told less than a day ago is not told again (per search). */
export const NOTIFY_AT_MOST_EVERY_MS = DAY_MS;
const PAGE = 200;

export function notificationText(count: number, locale: Locale = 'es'): string {
  const texts = alertNotifications[locale];
  return count === 1 ? texts.one : fillText(texts.many, { count: formatCount(count, locale) });
}

/** What a device is told about its alert: in the alert's language, opening the search in that language. */
export function alertMessage(alert: Pick<PushAlert, 'id' | 'filter' | 'locale'>, count: number): PushMessage {
  // The column takes any two letters; a value the API would refuse (written another way) is told in Spanish rather
  // than stopping the run.
  const locale: Locale = isLocale(alert.locale) ? alert.locale : 'es';
  return {
    title: 'Velada',
    body: notificationText(count, locale),
    url: searchPathOf(alert.filter, locale),
    alertId: alert.id,
    stop: alertNotifications[locale].stop,
  };
}

export interface AlertRunResult {
  sent: number;
  gone: number;
  failed: number;
}

/** Sends under way at once: a push service that hangs holds one of them for SEND_TIMEOUT_MS, not the whole run. */
export const SEND_CONCURRENCY = 8;
/** Runs in a row an endpoint may fail before its alerts are deleted (a phone long gone, a service that never takes). */
export const GIVE_UP_AFTER_FAILURES = 5;

interface Run {
  db: Knex;
  sender: PushSender;
  now: Date;
  result: AlertRunResult;
  /** Endpoints done with for this run: gone, given up, or failed once already. */
  settled: Set<string>;
  statuses: Map<string, number>;
  givenUp: number;
}

const isDue = (alert: PushAlert, now: Date) =>
  !alert.lastNotifiedAt || now.getTime() - alert.lastNotifiedAt.getTime() >= NOTIFY_AT_MOST_EVERY_MS;

/**
 * One run of the alerts job: each alert not told in the last day whose search has new public ads since its mark is
 * told how many; the mark moves to the newest one told. Devices are told side by side (SEND_CONCURRENCY), each
 * device's alerts one after another. A device gone (404/410) loses all its alerts; after any other failure the
 * device is left for this run and tried again next run (the mark stays), and after GIVE_UP_AFTER_FAILURES failed
 * runs in a row its alerts go. Logs carry counts and statuses, never an endpoint.
 */
export async function runSearchAlerts(db: Knex, sender: PushSender, now = new Date()): Promise<AlertRunResult> {
  const run: Run = { db, sender, now, result: { sent: 0, gone: 0, failed: 0 }, settled: new Set(), statuses: new Map(), givenUp: 0 };
  for (let after = 0; ;) {
    const alerts = await alertsAfter(db, after, PAGE);
    if (alerts.length === 0) break;
    after = alerts[alerts.length - 1]!.id;
    const devices = Map.groupBy(
      alerts.filter((alert) => isDue(alert, now)),
      (alert) => alert.endpoint,
    );
    await inParallel([...devices.values()], SEND_CONCURRENCY, (deviceAlerts) => tellDevice(run, deviceAlerts));
  }
  logFailures(run);
  return run.result;
}

/** Runs `work` on every item, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The alerts of one endpoint, in turn; a failure leaves the rest for the next run. */
async function tellDevice(run: Run, alerts: PushAlert[]): Promise<void> {
  for (const alert of alerts) {
    if (run.settled.has(alert.endpoint)) return;
    const search = parseSearchParams(new URLSearchParams(alert.filter));
    const found = await newMatchesSince(run.db, search, alert.announcedUntil, run.now);
    if (found.count === 0 || !found.newest) continue;
    const { outcome, status } = await run.sender.send(alert, alertMessage(alert, found.count));
    if (outcome === 'sent') await delivered(run, alert, found.newest);
    else if (outcome === 'gone') await gone(run, alert.endpoint);
    else await failed(run, alert.endpoint, status);
  }
}

async function delivered(run: Run, alert: PushAlert, newest: Date): Promise<void> {
  await markAlertNotified(run.db, alert.id, run.now, newest);
  if (alert.sendFailures > 0) await resetSendFailures(run.db, alert.endpoint);
  run.result.sent += 1;
}

async function gone(run: Run, endpoint: string): Promise<void> {
  run.settled.add(endpoint);
  await deleteEndpoint(run.db, endpoint);
  run.result.gone += 1;
}

async function failed(run: Run, endpoint: string, status: number | undefined): Promise<void> {
  run.settled.add(endpoint);
  run.result.failed += 1;
  const key = status ? String(status) : 'no answer';
  run.statuses.set(key, (run.statuses.get(key) ?? 0) + 1);
  if ((await countSendFailure(run.db, endpoint)) >= GIVE_UP_AFTER_FAILURES) {
    await deleteEndpoint(run.db, endpoint);
    run.givenUp += 1;
  }
}

function logFailures(run: Run): void {
  if (!run.result.failed) return;
  const statuses = [...run.statuses].map(([s, n]) => `${s}: ${n}`).join(', ');
  const givenUp = run.givenUp ? `; ${run.givenUp} devices given up after ${GIVE_UP_AFTER_FAILURES} failed runs in a row` : '';
  console.error(`Search alerts: ${run.result.failed} not delivered (${statuses}); tried again next run${givenUp}.`);
}
