// Alerts for new ads on a search, as Web Push subscriptions of this browser (docs/decisions/038-favourites-and-
// alerts.md). Permission is asked only when the visitor clicks "Avisame"; the server gets the subscription and the
// search and the page's language (which its notifications are written in), nothing else. The subscription's endpoint
// and auth secret prove the device when listing or deleting. Texts: the `searchAlerts` part, in the page's language.
import { ApiError, callApi } from './api-client.ts';
import {
  MAX_ALERTS_PER_DEVICE,
  type DeviceAlertsView,
  type SearchAlertView,
  type SubscribedAlertView,
} from '#shared/contracts/public/search-alerts.ts';
import { searchAlerts } from '#shared/i18n/messages/search-alerts.ts';
import { fillText } from '#shared/i18n/fill.ts';
import type { Locale } from '#shared/i18n/locales.ts';

export type PushSupport = 'supported' | 'needs-install' | 'unsupported' | 'denied';

const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isInstalled = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

/** Whether this browser can take alerts now; on iPhone and iPad only the installed app has Push. */
export function pushSupport(): PushSupport {
  const capable = window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!capable) return isIos() && !isInstalled() ? 'needs-install' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'supported';
}

/** Why this browser cannot take alerts now, in words. */
export function supportMessage(support: Exclude<PushSupport, 'supported'>, locale: Locale): string {
  const texts = searchAlerts[locale];
  return { 'needs-install': texts.needsInstall, unsupported: texts.unsupported, denied: texts.denied }[support];
}

/** Alerts could not be turned on, for a reason said in the page's language (shown as it is). */
export class AlertRefusal extends Error {}

function toBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** This browser's push subscription, or null without one. */
async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The endpoint and auth secret of a subscription: the device's proof for the API. */
function proofOf(subscription: PushSubscription | null): { endpoint: string; auth: string } | null {
  const json = subscription?.toJSON();
  return json?.endpoint && json.keys?.auth ? { endpoint: json.endpoint, auth: json.keys.auth } : null;
}

const deviceProof = async () => proofOf(await deviceSubscription());

/**
 * Subscribes this browser (asking permission now, on the visitor's click) and saves an alert for the search
 * `filter` (a /buscar query string) in `locale`. Throws an AlertRefusal or the API's error (alertFailureText says it).
 */
export async function subscribeToSearch(filter: string, locale: Locale): Promise<SearchAlertView> {
  const texts = searchAlerts[locale];
  const support = pushSupport();
  if (support !== 'supported') throw new AlertRefusal(supportMessage(support, locale));
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new AlertRefusal(permission === 'denied' ? texts.denied : texts.allow);
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await callApi<{ publicKey: string }>('GET', '/api/search-alerts/key');
    try {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toBytes(publicKey) });
    } catch {
      throw new AlertRefusal(texts.pushFailed);
    }
  }
  const body = { subscription: subscription.toJSON(), filter, locale };
  const { alert } = await callApi<SubscribedAlertView>('POST', '/api/search-alerts', body);
  return alert;
}

/**
 * What to say when turning alerts on failed. The API answers in Spanish: a Spanish page shows its message as it is;
 * the other languages say what its error code means (the codes are stable; an unknown one gets the general text).
 */
export function alertFailureText(error: unknown, locale: Locale): string {
  const texts = searchAlerts[locale];
  if (error instanceof AlertRefusal) return error.message;
  if (!(error instanceof ApiError)) return texts.failed;
  if (locale === 'es') return error.message;
  switch (error.code) {
    case 'too_many_alerts':
      return fillText(texts.tooManyAlerts, { max: MAX_ALERTS_PER_DEVICE });
    case 'too_many_requests':
      return texts.tooManyRequests;
    case 'invalid_subscription':
    case 'invalid_input':
      return texts.invalidSubscription;
    case 'network_error':
      return texts.network;
    default:
      return texts.failed;
  }
}

/** This device's alerts ([] without a subscription). */
export async function alertsOfThisDevice(): Promise<SearchAlertView[]> {
  const proof = await deviceProof();
  if (!proof) return [];
  return (await callApi<DeviceAlertsView>('POST', '/api/search-alerts/lookup', proof)).alerts;
}

/** "Dejar de avisar" for one alert. */
export async function stopAlert(id: number): Promise<void> {
  const proof = await deviceProof();
  if (proof) await callApi('DELETE', `/api/search-alerts/${id}`, proof);
}

/**
 * For "Borrar rastros": deletes this device's alerts on the server, then the browser's push subscription. Never
 * throws: what could not be deleted on the server goes by itself (the push service answers 410 once the browser has
 * unsubscribed, and the job deletes the rest).
 */
export async function forgetAlertsOnThisDevice(): Promise<void> {
  try {
    const subscription = await deviceSubscription();
    const proof = proofOf(subscription);
    if (!subscription || !proof) return;
    await callApi('DELETE', '/api/search-alerts', proof).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    /* nothing more this browser can do */
  }
}
