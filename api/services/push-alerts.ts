// Search alerts through Web Push (docs/decisions/038-favourites-and-alerts.md): which push services an alert may
// name, the VAPID keys that sign for Velada, and the job that tells each device, at most once a day per search, how
// many ads matching its search were published since it was last told. The notification says a number and nothing
// else: it is read on lock screens.
import dns from 'node:dns/promises';
import net from 'node:net';
import type { Knex } from 'knex';
import webpush from 'web-push';
import type { Config } from '#api/config.ts';
import { storedVapidKeys, type VapidKeys } from '#db/queries/vapid-keys.ts';
import { alertsAfter, deleteEndpoint, markAlertNotified, type PushAlert } from '#db/queries/push-subscriptions.ts';
import { newMatchesSince } from '#db/queries/search-ads.ts';
import { parseSearchParams, toSearchParams } from '#shared/search-filters.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A device told less than a day ago is not told again (per search). */
export const NOTIFY_AT_MOST_EVERY_MS = DAY_MS;
/** A push service keeps an undelivered notification this long (a phone off for the night still gets it). */
export const NOTIFICATION_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
const PAGE = 200;

export function vapidKeysOf(db: Knex, config: Config): Promise<VapidKeys> {
  return config.vapidKeys ? Promise.resolve(config.vapidKeys) : storedVapidKeys(db);
}

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

// Loopback, private, link-local, carrier-grade NAT, unique-local and unspecified addresses: never a push service.
const PRIVATE = new net.BlockList();
for (const [address, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(address, bits, 'ipv4');
for (const [address, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(address, bits, 'ipv6');

function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface PushServicePolicy {
  /** Tests only: a fake push service on this machine (http, loopback). */
  allowLocal: boolean;
}

const NOT_A_SUBSCRIPTION = 'La suscripción del navegador no es válida.';
const NOT_A_PUSH_SERVICE = 'La suscripción no apunta a un servicio de notificaciones.';

/** Why an endpoint is refused, in Spanish; null when it may be a push service. */
export function endpointRefusal(endpoint: string, policy: PushServicePolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return NOT_A_SUBSCRIPTION;
  }
  if (policy.allowLocal) return url.protocol === 'https:' || url.protocol === 'http:' ? null : NOT_A_SUBSCRIPTION;
  if (url.protocol !== 'https:' || url.username || url.password) return NOT_A_SUBSCRIPTION;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    (!host.includes('.') && !net.isIP(host))
  )
    return NOT_A_PUSH_SERVICE;
  if (isPrivateAddress(host)) return NOT_A_PUSH_SERVICE;
  return null;
}

/** At send time, the name must still lead to public addresses only (a name can be pointed inside later). */
async function resolvesPublicly(endpoint: string, policy: PushServicePolicy): Promise<boolean> {
  if (policy.allowLocal) return true;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return !isPrivateAddress(host);
  const addresses = await dns.lookup(host, { all: true });
  return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
}

export interface PushMessage {
  title: string;
  body: string;
  /** Opened on a click: the search, on this site. */
  url: string;
  /** The alert, for the notification's "Dejar de avisar". */
  alertId: number;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(alert: PushAlert, message: PushMessage): Promise<{ outcome: PushOutcome; status?: number }>;
}

/**
 * Sends through the push service named by the subscription: the payload encrypted for the device (aes128gcm), signed
 * with the VAPID keys, kept a day, low urgency (nothing here is urgent; it spares the phone's battery).
 */
export function webPushSender(db: Knex, config: Config): PushSender {
  const policy: PushServicePolicy = { allowLocal: config.pushAllowsLocalServices === true };
  return {
    async send(alert, message) {
      if (endpointRefusal(alert.endpoint, policy) || !(await resolvesPublicly(alert.endpoint, policy).catch(() => false)))
        return { outcome: 'failed' };
      const keys = await vapidKeysOf(db, config);
      const request = webpush.generateRequestDetails(
        { endpoint: alert.endpoint, keys: { p256dh: alert.p256dh, auth: alert.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: NOTIFICATION_TTL_SECONDS,
          urgency: 'low',
          contentEncoding: 'aes128gcm',
        },
      );
      const response = await fetch(alert.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      }).catch(() => null);
      if (!response) return { outcome: 'failed' };
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return { outcome: 'sent', status: response.status };
      return { outcome: response.status === 404 || response.status === 410 ? 'gone' : 'failed', status: response.status };
    },
  };
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
