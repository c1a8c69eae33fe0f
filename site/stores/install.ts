// PWA installation: the browser's install offer, standalone detection and the app-download dialog.
import { atom } from 'nanostores';
import { readSession, writeSession } from '#site/lib/storage.ts';
import { trackEvent } from '#site/lib/analytics/client.ts';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const APP_DOWNLOAD_DELAY_MS = 1500;
export const IOS_TOAST_MS = 8000;

export const $installOffer = atom<BeforeInstallPromptEvent | null>(null);
/** The install prompt shows once per session (sessionStorage `pwa-prompt-shown`), never in the installed app. */
export const $installPromptVisible = atom(false);
const PROMPT_SHOWN_KEY = 'pwa-prompt-shown';
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
    if (!isStandalone() && !readSession(PROMPT_SHOWN_KEY)) {
      writeSession(PROMPT_SHOWN_KEY, 'true');
      $installPromptVisible.set(true);
    }
  });
  window.addEventListener('appinstalled', () => {
    $installOffer.set(null);
    $installPromptVisible.set(false);
    trackEvent('app_installed');
    onInstalled();
  });
}

/** Shows the browser's install dialog; false when the browser made no offer. */
export async function promptInstall(): Promise<boolean> {
  const offer = $installOffer.get();
  $installPromptVisible.set(false);
  if (!offer) return false;
  $installOffer.set(null);
  await offer.prompt();
  await offer.userChoice.catch(() => undefined);
  return true;
}

/** iOS offers no install event: its instructions are shown once per session instead. */
export function claimIosInstructions(): boolean {
  if (!isIos() || isStandalone() || readSession(PROMPT_SHOWN_KEY)) return false;
  writeSession(PROMPT_SHOWN_KEY, 'true');
  return true;
}

export function openAppDialog(): void {
  $appDialogOpen.set(true);
}
