// Sending one notification through a device's push service (docs/decisions/038-favourites-and-alerts.md): encrypted
// for the device, signed with the VAPID keys that sign for Velada, and posted over a connection pinned to the address
// that was checked, so that a name re-pointed between the check and the connection cannot lead anywhere else.
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Knex } from 'knex';
import webpush from 'web-push';
import type { Config } from '#api/config.ts';
import type { PushAlert } from '#db/queries/push-subscriptions.ts';
import { storedVapidKeys, type VapidKeys } from '#db/queries/vapid-keys.ts';
import { endpointRefusal, pushServiceAddress, type HostLookup, type PushServicePolicy, type ResolvedAddress } from './push-endpoints.ts';

export type { HostLookup } from './push-endpoints.ts';

/** A push service keeps an undelivered notification this long (a phone off for the night still gets it). */
export const NOTIFICATION_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered in this long is given up on for this run. */
export const SEND_TIMEOUT_MS = 10_000;

export interface PushMessage {
  title: string;
  body: string;
  /** Opened on a click: the search, on this site. */
  url: string;
  /** The alert, for the notification's "Dejar de avisar". */
  alertId: number;
  /** The title of that action, in the alert's language. */
  stop: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(alert: PushAlert, message: PushMessage): Promise<{ outcome: PushOutcome; status?: number }>;
}

export function vapidKeysOf(db: Knex, config: Config): Promise<VapidKeys> {
  return config.vapidKeys ? Promise.resolve(config.vapidKeys) : storedVapidKeys(db);
}

export function pushPolicyOf(config: Config): PushServicePolicy {
  return { allowLocal: config.pushAllowsLocalServices === true, hosts: config.pushServiceHosts };
}

const systemLookup: HostLookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/** A lookup that answers every question with the one address already checked. */
function pinnedTo(target: ResolvedAddress): net.LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

interface PushRequest {
  method: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Posts to `url` connected to `target` only; the status, or null when the service failed or took too long. */
function post(url: URL, target: ResolvedAddress, request: PushRequest, timeoutMs: number): Promise<number | null> {
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const outgoing = (secure ? https : http).request(
      {
        host: hostname,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { ...request.headers, 'Content-Length': String(request.body.length) },
        // The certificate is checked against the name; the connection goes to the checked address.
        ...(secure && !net.isIP(hostname) ? { servername: hostname } : {}),
        lookup: pinnedTo(target),
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('error', () => undefined);
        resolve(response.statusCode ?? null);
      },
    );
    outgoing.on('error', () => resolve(null));
    outgoing.end(request.body);
  });
}

export interface SenderOptions {
  lookup?: HostLookup;
  timeoutMs?: number;
}

/**
 * Sends through the push service named by the subscription: the payload encrypted for the device (aes128gcm), signed
 * with the VAPID keys, kept a day, low urgency (nothing here is urgent; it spares the phone's battery).
 */
export function webPushSender(db: Knex, config: Config, options: SenderOptions = {}): PushSender {
  const policy = pushPolicyOf(config);
  const { lookup = systemLookup, timeoutMs = SEND_TIMEOUT_MS } = options;
  return {
    async send(alert, message) {
      if (endpointRefusal(alert.endpoint, policy)) return { outcome: 'failed' };
      const url = new URL(alert.endpoint);
      const target = await pushServiceAddress(url, policy, lookup);
      if (!target) return { outcome: 'failed' };
      const keys = await vapidKeysOf(db, config);
      const details = webpush.generateRequestDetails(
        { endpoint: alert.endpoint, keys: { p256dh: alert.p256dh, auth: alert.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: NOTIFICATION_TTL_SECONDS,
          urgency: 'low',
          contentEncoding: 'aes128gcm',
        },
      );
      const request = { method: details.method, headers: details.headers as Record<string, string>, body: details.body as Buffer };
      const status = await post(url, target, request, timeoutMs);
      if (status === null) return { outcome: 'failed' };
      if (status >= 200 && status < 300) return { outcome: 'sent', status };
      return { outcome: status === 404 || status === 410 ? 'gone' : 'failed', status };
    },
  };
}
