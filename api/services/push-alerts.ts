// Search alerts through Web Push (docs/decisions/038-favourites-and-alerts.md): the job that tells each device, at
// most once a day per search, how many ads matching its search were published since it was last told (which push
// services an alert may name: push-endpoints.ts; the sending itself: push-sender.ts). The notification says a number and nothing
// else: it is read on lock screens.
import type { Knex } from 'knex';
import { alertsAfter, deleteEndpoint, markAlertNotified } from '#db/queries/push-subscriptions.ts';
import { newMatchesSince } from '#db/queries/search-ads.ts';
import { parseSearchParams, toSearchParams } from '#shared/search-filters.ts';
import type { PushSender } from './push-sender.ts';

export { NOTIFICATION_TTL_SECONDS, vapidKeysOf, webPushSender } from './push-sender.ts';
export type { PushMessage, PushOutcome, PushSender } from './push-sender.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A device told less than a day ago is not told again (per search). */
export const NOTIFY_AT_MOST_EVERY_MS = DAY_MS;
const PAGE = 200;

/** The canonical form of a search for an alert: the query string /buscar would use, without page and order. */
export function alertFilter(queryString: string): string {
  return toSearchParams({ ...parseSearchParams(new URLSearchParams(queryString)), pagina: 1, orden: 'relevancia' }).toString();
}

export function searchPathOf(filter: string): string {
  return filter ? `/buscar?${filter}` : '/buscar';
}

export function notificationText(count: number): string {
  return count === 1 ? '1 aviso nuevo en tu búsqueda' : `${count} avisos nuevos en tu búsqueda`;
}

export interface AlertRunResult {
  sent: number;
  gone: number;
  failed: number;
}

/**
 * One run of the alerts job: each alert not told in the last day whose search has new public ads since its mark is
 * told how many; the mark moves to the newest one told. A device gone (404/410) loses all its alerts; any other
 * failure is tried again next run (the mark stays). Logs carry counts and statuses, never an endpoint.
 */
export async function runSearchAlerts(db: Knex, sender: PushSender, now = new Date()): Promise<AlertRunResult> {
  const result: AlertRunResult = { sent: 0, gone: 0, failed: 0 };
  const goneEndpoints = new Set<string>();
  const statuses = new Map<string, number>();
  for (let after = 0; ;) {
    const alerts = await alertsAfter(db, after, PAGE);
    if (alerts.length === 0) break;
    after = alerts[alerts.length - 1]!.id;
    for (const alert of alerts) {
      if (goneEndpoints.has(alert.endpoint)) continue;
      if (alert.lastNotifiedAt && now.getTime() - alert.lastNotifiedAt.getTime() < NOTIFY_AT_MOST_EVERY_MS) continue;
      const found = await newMatchesSince(db, parseSearchParams(new URLSearchParams(alert.filter)), alert.announcedUntil, now);
      if (found.count === 0 || !found.newest) continue;
      const message = { title: 'Velada', body: notificationText(found.count), url: searchPathOf(alert.filter), alertId: alert.id };
      const { outcome, status } = await sender.send(alert, message);
      if (outcome === 'sent') {
        await markAlertNotified(db, alert.id, now, found.newest);
        result.sent += 1;
      } else if (outcome === 'gone') {
        goneEndpoints.add(alert.endpoint);
        await deleteEndpoint(db, alert.endpoint);
        result.gone += 1;
      } else {
        result.failed += 1;
        const key = status ? String(status) : 'no answer';
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }
  }
  if (result.failed)
    console.error(
      `Search alerts: ${result.failed} not delivered (${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}); tried again next run.`,
    );
  return result;
}
