// A visitor's search alert as their browser gets it (/api/search-alerts, /favoritos; the wire contract of decision 051):
// the search it follows and where that search is, never the device's subscription.
export interface SearchAlertView {
  id: number;
  /** The search's query string in its canonical form (no page, default order). */
  filter: string;
  /** The search's address on the site. */
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
