// Cookie consent with the seed's stored keys: cookieConsent, cookiePreferences, visitorId, sessionId. Each choice
// is recorded by the API (POST /api/analytics/consent); a choice that allows analytics starts the tracker.
import { atom } from 'nanostores';
import { newId, readLocal, removeLocal, writeLocal } from '#site/lib/storage.ts';
import { consentTypeOf, sendAnalytics } from '#site/lib/analytics/client.ts';

export type ConsentChoice = 'accepted' | 'rejected' | 'customized';
export interface CookiePreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}

/** null: the visitor has not chosen yet, so the banner shows. */
export const $consent = atom<ConsentChoice | null>(null);
export const $preferences = atom<CookiePreferences>({ necessary: true, analytics: false, marketing: false });
/** The "Preferencias de cookies" dialog, opened from the banner or, to change a choice, from the footer. */
export const $preferencesDialogOpen = atom(false);
export const openCookiePreferences = () => $preferencesDialogOpen.set(true);

export function loadConsent(): void {
  const choice = readLocal('cookieConsent');
  if (choice === 'accepted' || choice === 'rejected' || choice === 'customized') $consent.set(choice);
  try {
    const stored = JSON.parse(readLocal('cookiePreferences') ?? 'null');
    if (stored && typeof stored === 'object') {
      $preferences.set({ necessary: true, analytics: stored.analytics === true, marketing: stored.marketing === true });
    }
  } catch {
    /* malformed preferences count as none */
  }
}

function save(choice: ConsentChoice, prefs: CookiePreferences): void {
  const previousVisitorId = readLocal('visitorId');
  writeLocal('cookieConsent', choice);
  writeLocal('cookiePreferences', JSON.stringify(prefs));
  let visitorId = previousVisitorId;
  if (prefs.analytics && (choice === 'accepted' || !visitorId)) {
    // "Aceptar todas" starts a new visitor and session, as the seed does; so does a first yes to analytics.
    visitorId = newId();
    writeLocal('visitorId', visitorId);
    writeLocal('sessionId', newId());
  } else if (!prefs.analytics) {
    // Withdrawing forgets the ids; the record below tells the server to drop anything still on its way.
    removeLocal('visitorId');
    removeLocal('sessionId');
  }
  const consentType = consentTypeOf(prefs);
  sendAnalytics('consent', {
    visitorId: prefs.analytics ? visitorId : previousVisitorId,
    consentGiven: consentType !== 'necessary',
    consentType,
  });
  if (prefs.analytics) void import('#site/lib/analytics/tracker.ts').then((tracker) => tracker.startTracking());
  $preferences.set(prefs);
  $consent.set(choice);
}

export const acceptAll = () => save('accepted', { necessary: true, analytics: true, marketing: true });
export const rejectAll = () => save('rejected', { necessary: true, analytics: false, marketing: false });
export const saveCustom = (prefs: Omit<CookiePreferences, 'necessary'>) =>
  save('customized', { necessary: true, analytics: prefs.analytics, marketing: prefs.marketing });
