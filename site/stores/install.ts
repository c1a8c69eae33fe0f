// PWA installation: the browser's install offer, standalone detection and the app-download dialog (opened from the
// home's 'Descargar App' button). When the site itself offers to be installed: site/lib/install-offer.ts.
import { atom } from 'nanostores';
import { trackEvent } from '#site/lib/analytics/client.ts';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const $installOffer = atom<BeforeInstallPromptEvent | null>(null);
export const $appDialogOpen = atom(false);

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
}

export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iphone|ipad|ipod/i.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

let listening = false;
/** Starts listening for the browser's install offer (once per page). */
export function listenForInstallOffer(onInstalled: () => void): void {
  if (listening) return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    $installOffer.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    $installOffer.set(null);
    trackEvent('app_installed');
    onInstalled();
  });
}

/** Shows the browser's install dialog; false when the browser made no offer. */
export async function promptInstall(): Promise<boolean> {
  const offer = $installOffer.get();
  if (!offer) return false;
  $installOffer.set(null);
  await offer.prompt();
  await offer.userChoice.catch(() => undefined);
  return true;
}

export function openAppDialog(): void {
  $appDialogOpen.set(true);
}
