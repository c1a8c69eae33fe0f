// Alerts for new ads on a search, as Web Push subscriptions of this browser (docs/decisions/038-favourites-and-
// alerts.md). Permission is asked only when the visitor clicks "Avisame"; the server gets the subscription and the
// search, nothing else. The subscription's endpoint and auth secret prove the device when listing or deleting.
import { callApi } from './api-client.ts';
import type { DeviceAlertsView, SearchAlertView, SubscribedAlertView } from '#shared/contracts/public/search-alerts.ts';

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

export const SUPPORT_MESSAGES: Record<Exclude<PushSupport, 'supported'>, string> = {
  'needs-install':
    'En iPhone y iPad los avisos llegan solo con la app instalada: tocá Compartir y luego «Agregar a inicio», y abrí Velada desde ese ícono.',
  unsupported: 'Este navegador no puede recibir avisos. Probá con la app instalada o con otro navegador.',
  denied: 'Bloqueaste las notificaciones de Velada. Para recibir avisos, habilitalas en la configuración del navegador.',
};

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
 * `filter` (a /buscar query string). Throws an Error with a Spanish message to show.
 */
export async function subscribeToSearch(filter: string): Promise<SearchAlertView> {
  const support = pushSupport();
  if (support !== 'supported') throw new Error(SUPPORT_MESSAGES[support]);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error(permission === 'denied' ? SUPPORT_MESSAGES.denied : 'Para recibir avisos, permití las notificaciones.');
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await callApi<{ publicKey: string }>('GET', '/api/search-alerts/key');
    try {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toBytes(publicKey) });
    } catch {
      throw new Error('El navegador no pudo activar los avisos (su servicio de notificaciones no respondió). Probá de nuevo más tarde.');
    }
  }
  const { alert } = await callApi<SubscribedAlertView>('POST', '/api/search-alerts', { subscription: subscription.toJSON(), filter });
  return alert;
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
