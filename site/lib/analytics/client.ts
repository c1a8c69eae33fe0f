// The few analytics helpers every page may load: whether the visitor allowed analytics, sending a payload,
// and custom events. The tracker itself (tracker.ts) is loaded only after consent.
import { readLocal } from '#site/lib/storage.ts';

export interface ConsentPreferences {
  analytics: boolean;
  marketing: boolean;
}

/** The consent type the API records for a choice: all, analytics, marketing or necessary. */
export function consentTypeOf(prefs: ConsentPreferences): 'all' | 'analytics' | 'marketing' | 'necessary' {
  if (prefs.analytics && prefs.marketing) return 'all';
  if (prefs.analytics) return 'analytics';
  if (prefs.marketing) return 'marketing';
  return 'necessary';
}

/** The ids to count this visitor with, or null when the stored choice does not allow analytics (or the page is the
 *  staff panel, which is never counted). */
export function analyticsIds(): { visitorId: string; sessionId: string } | null {
  if (location.pathname.startsWith('/admin/')) return null;
  const choice = readLocal('cookieConsent');
  if (choice !== 'accepted' && choice !== 'customized') return null;
  try {
    if (JSON.parse(readLocal('cookiePreferences') ?? '{}').analytics !== true) return null;
  } catch {
    return null;
  }
  const visitorId = readLocal('visitorId');
  const sessionId = readLocal('sessionId');
  return visitorId && sessionId ? { visitorId, sessionId } : null;
}

/** Sends a payload; failures are only logged (the site never depends on analytics). */
export function sendAnalytics(path: 'consent' | 'track' | 'event', body: object): void {
  fetch(`/api/analytics/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  })
    .then((response) => {
      if (!response.ok) console.warn(`Analytics: ${path} answered ${response.status}`);
    })
    .catch((err) => console.warn(`Analytics: ${path} failed`, err));
}

/** A custom event (e.g. 'phone_reveal'), sent only with consent for analytics. */
export function trackEvent(eventName: string, eventData?: Record<string, string | number | boolean | null>): void {
  const ids = analyticsIds();
  if (!ids) return;
  sendAnalytics('event', { ...ids, eventName, eventData: eventData ?? null, pageUrl: location.href, timestamp: new Date().toISOString() });
}
