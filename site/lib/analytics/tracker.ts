// The visitor tracker, loaded only once the visitor allowed analytics (never a React island): a pageview on start
// and on each URL change (checked every 500 ms, as the seed says: on /buscar each search refinement changes the
// address and counts as a view), and one page-exit report per view (time on page, clicks, scroll depth), sent
// with navigator.sendBeacon when the page is hidden or left or the address changes. It stops as soon as consent
// is withdrawn.
import { analyticsIds, sendAnalytics } from './client.ts';
import { attributionOf, type Attribution } from './attribution.ts';
import { newId, readLocal, removeLocal, writeLocal } from '#site/lib/storage.ts';

const URL_CHECK_MS = 500;
/** A visit ends after 30 minutes without a pageview; the next one starts a new session id. */
const SESSION_IDLE_MS = 30 * 60 * 1000;
const DIRECT: Attribution = { source: 'direct', medium: 'none', campaign: null };

let timer: ReturnType<typeof setInterval> | null = null;
let lastUrl = '';
/** The full URL of the current pageview: its exit report names it, even after the address has changed. */
let viewUrl = '';
let viewStartedAt = 0;
let clicks = 0;
let scrollDepth = 0;
let exitSent = true;

const withoutHash = (href: string) => href.split('#')[0]!;

/** A referrer the API accepts: an http(s) URL of at most 2 KB, else 'direct'. */
function referrerValue(referrer: string): string {
  if (!/^https?:\/\//.test(referrer)) return 'direct';
  return referrer.length <= 2048 ? referrer : new URL(referrer).origin;
}

function readAttribution(): Attribution | null {
  try {
    const stored = JSON.parse(readLocal('sessionSource') ?? 'null');
    return stored && typeof stored.source === 'string' ? stored : null;
  } catch {
    return null;
  }
}

/** The current session (a new one after a long pause) and where it came from; null without consent. */
function touchSession(arrival: Attribution | null) {
  const ids = analyticsIds();
  if (!ids) return null;
  const now = Date.now();
  const lastActive = Number(readLocal('sessionLastActive') ?? 0);
  let { sessionId } = ids;
  let attribution = readAttribution();
  if (lastActive && now - lastActive > SESSION_IDLE_MS) {
    sessionId = newId();
    writeLocal('sessionId', sessionId);
    attribution = null;
  }
  attribution = arrival ?? attribution ?? DIRECT;
  writeLocal('sessionSource', JSON.stringify(attribution));
  writeLocal('sessionLastActive', String(now));
  return { visitorId: ids.visitorId, sessionId, attribution };
}

function measureScroll(): void {
  const total = document.documentElement.scrollHeight;
  const seen = window.scrollY + window.innerHeight;
  scrollDepth = Math.max(scrollDepth, total > 0 ? Math.min(100, Math.round((seen / total) * 100)) : 100);
}

function sendPageview(referrer: string, arrival: Attribution | null): void {
  const session = touchSession(arrival);
  if (!session) return stopTracking();
  viewUrl = location.href;
  viewStartedAt = performance.now();
  clicks = 0;
  scrollDepth = 0;
  exitSent = false;
  measureScroll();
  sendAnalytics('track', {
    eventType: 'pageview',
    visitorId: session.visitorId,
    sessionId: session.sessionId,
    pageUrl: location.href,
    pageTitle: document.title.slice(0, 300),
    referrer: referrerValue(referrer),
    userAgent: navigator.userAgent.slice(0, 512),
    screenResolution: `${screen.width}x${screen.height}`,
    ...session.attribution,
  });
}

/** Once per pageview: when the tab is hidden, the page is left, or the address changes to another page. */
function sendExit(): void {
  const ids = analyticsIds();
  if (exitSent || !ids) return;
  exitSent = true;
  const payload = {
    eventType: 'pageexit',
    ...ids,
    pageUrl: viewUrl,
    timeOnPage: Math.min(86_400, Math.round((performance.now() - viewStartedAt) / 1000)),
    clickCount: Math.min(clicks, 100_000),
    scrollDepth,
  };
  // A beacon survives the page being unloaded; it is sent as text/plain, which the API accepts.
  if (!navigator.sendBeacon?.('/api/analytics/track', JSON.stringify(payload))) sendAnalytics('track', payload);
}

const onClick = () => {
  clicks += 1;
};
const onVisibility = () => {
  if (document.visibilityState === 'hidden') sendExit();
};

function checkUrl(): void {
  if (!analyticsIds()) return stopTracking();
  const url = withoutHash(location.href);
  if (url === lastUrl) return;
  const previous = viewUrl;
  lastUrl = url;
  sendExit();
  sendPageview(previous, null);
}

/** A page restored from the back/forward cache is a new view of it (its earlier one has already exited). */
function onPageShow(event: PageTransitionEvent): void {
  if (!event.persisted) return;
  lastUrl = withoutHash(location.href);
  sendPageview(document.referrer, null);
}

export function startTracking(): void {
  if (timer || !analyticsIds()) return;
  lastUrl = withoutHash(location.href);
  sendPageview(document.referrer, attributionOf(location.href, document.referrer, location.hostname));
  timer = setInterval(checkUrl, URL_CHECK_MS);
  document.addEventListener('click', onClick, { capture: true, passive: true });
  window.addEventListener('scroll', measureScroll, { passive: true });
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', sendExit);
  window.addEventListener('pageshow', onPageShow);
}

export function stopTracking(): void {
  if (timer) clearInterval(timer);
  timer = null;
  document.removeEventListener('click', onClick, { capture: true });
  window.removeEventListener('scroll', measureScroll);
  document.removeEventListener('visibilitychange', onVisibility);
  window.removeEventListener('pagehide', sendExit);
  window.removeEventListener('pageshow', onPageShow);
  removeLocal('sessionLastActive');
  removeLocal('sessionSource');
}
