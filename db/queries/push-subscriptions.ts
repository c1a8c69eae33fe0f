// Search alerts kept as Web Push subscriptions (docs/decisions/038-favourites-and-alerts.md): a device's endpoint and
// keys with the search it follows, and when it was last told. The endpoint and its auth secret are the device's
// proof: reading, adding to and deleting a device's alerts need both, and the secret is compared in constant time.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { PushSubscription } from '#db/models/index.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { MAX_ALERTS_PER_DEVICE } from '#shared/contracts/public/search-alerts.ts';

export { MAX_ALERTS_PER_DEVICE };
/** An alert that told nothing for this long is deleted (Ley 25.326: no identifier kept without use). */
export const ALERT_RETENTION_MONTHS = 12;

export interface PushKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A search alert: the device's push keys, the search it follows and its language, when it was last told. */
export type PushAlert = Pick<
  PushSubscription,
  'id' | 'endpoint' | 'p256dh' | 'auth' | 'filter' | 'locale' | 'createdAt' | 'lastNotifiedAt' | 'announcedUntil' | 'sendFailures'
>;

export type SubscribeOutcome = { alert: PushAlert; created: boolean } | { tooMany: true };

const digest = (secret: string) => crypto.createHash('sha256').update(secret).digest();
/** A stand-in compared when an endpoint has no rows, so that an unknown endpoint takes as long as a wrong secret. */
const NO_SECRET = digest('no alert has this secret');

/** Whether `given` is `stored`, in time that does not tell how much of it was right (digests have one length). */
function sameSecret(stored: string, given: string): boolean {
  return crypto.timingSafeEqual(digest(stored), digest(given));
}

/**
 * The rows of the device that holds `auth` under `endpoint`: a device is its endpoint with its secret, so someone who
 * learnt an endpoint but not its secret finds nothing, exactly as under an endpoint never seen.
 */
async function deviceRows(db: Knex, endpoint: string, auth: string): Promise<PushSubscription[]> {
  const rows = await PushSubscription.query(db).where('endpoint', endpoint).orderBy('id');
  if (rows.length === 0) crypto.timingSafeEqual(NO_SECRET, digest(auth));
  return rows.filter((row) => sameSecret(row.auth, auth));
}

/**
 * Saves the alert for this device and search in `locale`; the same search again keeps the alert (and its mark), in
 * the language it was asked for last. Another secret under a known endpoint is another device: its alerts are its
 * own, and the first device's stay untouched. Ads already public when it is made are not news: the mark starts now.
 */
export async function subscribeAlert(
  db: Knex,
  keys: PushKeys,
  filter: string,
  locale: Locale,
  now = new Date(),
): Promise<SubscribeOutcome> {
  return db.transaction(async (trx) => {
    const own = await deviceRows(trx, keys.endpoint, keys.auth);
    // The same secret with a new key: the browser renewed its key pair; the device's alerts follow.
    const stale = own.filter((row) => row.p256dh !== keys.p256dh).map((row) => row.id);
    if (stale.length) await PushSubscription.query(trx).whereIn('id', stale).patch({ p256dh: keys.p256dh });
    const existing = own.find((row) => row.filter === filter);
    if (existing) {
      if (existing.locale !== locale) await PushSubscription.query(trx).findById(existing.id).patch({ locale });
      return { alert: { ...existing, p256dh: keys.p256dh, locale }, created: false };
    }
    if (own.length >= MAX_ALERTS_PER_DEVICE) return { tooMany: true };
    const inserted = await PushSubscription.query(trx)
      .insert({ ...keys, filter, locale, createdAt: now, lastNotifiedAt: null, announcedUntil: now })
      .onConflict(['endpoint', 'auth', 'filter'])
      .ignore()
      .returning('*');
    // No row returned (the model keeps no id): a twin request that won the race made this alert.
    if (inserted.id !== undefined) return { alert: inserted, created: true };
    return { alert: (await deviceRows(trx, keys.endpoint, keys.auth)).find((r) => r.filter === filter)!, created: false };
  });
}

/** The device's alerts, oldest first, when the auth secret is the subscription's; [] otherwise. */
export async function alertsOfDevice(db: Knex, endpoint: string, auth: string): Promise<PushAlert[]> {
  return deviceRows(db, endpoint, auth);
}

/** Deletes one alert of the device (or all of them without `id`); the count deleted (0 with a wrong secret). */
export async function deleteDeviceAlerts(db: Knex, endpoint: string, auth: string, id?: number): Promise<number> {
  const ids = (await deviceRows(db, endpoint, auth)).map((row) => row.id).filter((own) => id === undefined || own === id);
  return ids.length === 0 ? 0 : PushSubscription.query(db).whereIn('id', ids).delete();
}

/** Every alert, for the job; few per device and one row each, read in pages of ids. */
export async function alertsAfter(db: Knex, afterId: number, limit: number): Promise<PushAlert[]> {
  return PushSubscription.query(db).where('id', '>', afterId).orderBy('id').limit(limit);
}

/** After a notification: when, and the newest publication it covered. */
export async function markAlertNotified(db: Knex, id: number, notifiedAt: Date, announcedUntil: Date): Promise<void> {
  await PushSubscription.query(db).findById(id).patch({ lastNotifiedAt: notifiedAt, announcedUntil });
}

/** The push service says the device is gone (404/410): every alert of that endpoint goes. */
export async function deleteEndpoint(db: Knex, endpoint: string): Promise<number> {
  return PushSubscription.query(db).where('endpoint', endpoint).delete();
}

/** One more failed send to the endpoint (one per run of the job): the failures in a row it has now. */
export async function countSendFailure(db: Knex, endpoint: string): Promise<number> {
  await PushSubscription.query(db).where('endpoint', endpoint).increment('send_failures', 1);
  const rows = await PushSubscription.query(db).where('endpoint', endpoint).select('send_failures');
  return Math.max(0, ...rows.map((row) => row.sendFailures));
}

/** The endpoint took a notification: its failures start from 0 again. */
export async function resetSendFailures(db: Knex, endpoint: string): Promise<void> {
  await PushSubscription.query(db).where('endpoint', endpoint).where('send_failures', '>', 0).patch({ sendFailures: 0 });
}

/** Alerts that told nothing for ALERT_RETENTION_MONTHS (counted from their creation when they never did). */
export async function deleteStaleAlerts(db: Knex, now = new Date()): Promise<number> {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - ALERT_RETENTION_MONTHS);
  return PushSubscription.query(db)
    .where((q) =>
      q.where('last_notified_at', '<', limit).orWhere((never) => never.whereNull('last_notified_at').where('created_at', '<', limit)),
    )
    .delete();
}
