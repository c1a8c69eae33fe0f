// A visitor's search alerts (docs/decisions/038-favourites-and-alerts.md). Visitors have no accounts: a device is its
// Web Push subscription, and the subscription's endpoint with its auth secret (which only that browser and the push
// service know) is the proof for listing or deleting its alerts. Which push services may be named, and how often a
// source may subscribe, the API decides before it calls these.
import type { Knex } from 'knex';
import { alertsOfDevice, deleteDeviceAlerts, subscribeAlert, type PushAlert, type PushKeys } from '#db/queries/push-subscriptions.ts';
import type {
  AlertsStopped,
  DeviceAlertsView,
  PushKeyView,
  SearchAlertView,
  SubscribedAlertView,
} from '#shared/contracts/public/search-alerts.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { alertFilter, searchPathOf } from './alert-filter.ts';

export { MAX_ALERTS_PER_DEVICE } from '#db/queries/push-subscriptions.ts';

/** A device: its push subscription's endpoint and auth secret. */
export interface DeviceProof {
  endpoint: string;
  auth: string;
}

export function presentAlert(alert: PushAlert): SearchAlertView {
  return {
    id: alert.id,
    filter: alert.filter,
    locale: alert.locale,
    url: searchPathOf(alert.filter, alert.locale),
    createdAt: alert.createdAt.toISOString(),
  };
}

/** The device's alerts, oldest first; none with a wrong secret (as for an unknown device). */
export async function deviceAlerts(db: Knex, device: DeviceProof): Promise<SearchAlertView[]> {
  return (await alertsOfDevice(db, device.endpoint, device.auth)).map(presentAlert);
}

/**
 * Alerts the device about new ads of the search `query` (a query string of /buscar, with or without '?') in `locale`,
 * the language of the page it is asked on: the alert made, or the one it already had for the same search (which now
 * notifies in `locale`); `tooMany` when the device follows as many searches as it may.
 */
export async function subscribeToSearch(
  db: Knex,
  keys: PushKeys,
  query: string,
  locale: Locale = 'es',
  now = new Date(),
): Promise<{ alert: SearchAlertView; created: boolean } | { tooMany: true }> {
  const outcome = await subscribeAlert(db, keys, alertFilter(query), locale, now);
  return 'tooMany' in outcome ? outcome : { alert: presentAlert(outcome.alert), created: outcome.created };
}

/** The device's alerts as /favoritos asks for them. */
export async function lookUpDeviceAlerts(db: Knex, device: DeviceProof): Promise<DeviceAlertsView> {
  return { alerts: await deviceAlerts(db, device) };
}

export const presentSubscribed = (alert: SearchAlertView): SubscribedAlertView => ({ alert });

export const presentPushKey = (publicKey: string): PushKeyView => ({ publicKey });

export const presentStopped = (deleted: number): AlertsStopped => ({ deleted });

/** Stops one alert of the device (every one without `id`); how many stopped (0 with a wrong secret). */
export function stopAlerts(db: Knex, device: DeviceProof, id?: number): Promise<number> {
  return deleteDeviceAlerts(db, device.endpoint, device.auth, id);
}
