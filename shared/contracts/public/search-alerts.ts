// A visitor's search alert as their browser gets it (/api/search-alerts, /favoritos; the wire contract of decision 051):
// the search it follows, the language it notifies in and where that search is, never the device's subscription.
import type { Locale } from '#shared/i18n/locales.ts';

/** A device follows at most this many searches (the API answers 409 too_many_alerts past it). */
export const MAX_ALERTS_PER_DEVICE = 10;

export interface SearchAlertView {
  id: number;
  /** The search's query string in its canonical form (no page, default order). */
  filter: string;
  /** The language of the page it was made on: its notifications are in it, and lead to the search in it. */
  locale: Locale;
  /** The search's address on the site, in the alert's language (where its notifications lead). */
  url: string;
  createdAt: string;
}

/** POST /api/search-alerts: the alert made, or the one this device already had for the search. */
export interface SubscribedAlertView {
  alert: SearchAlertView;
}

/** POST /api/search-alerts/lookup: the device's alerts, oldest first. */
export interface DeviceAlertsView {
  alerts: SearchAlertView[];
}

/** GET /api/search-alerts/key: what browsers need to subscribe (applicationServerKey). */
export interface PushKeyView {
  publicKey: string;
}

/** DELETE /api/search-alerts: how many of the device's alerts stopped. */
export interface AlertsStopped {
  deleted: number;
}
