// When Velada offers to be installed (decisions.md, "A first visit has one interruption"): never on a first visit,
// never on a computer, never in the installed app. From the visitor's second session on, or once they save a
// favourite or an alert, one offer at most per session (all tabs together), which "Ahora no" puts away for good. Where the browser has
// no install dialog of its own (iPhone and iPad) the offer gives the steps, since alerts there need the installed app.
// Everything here stays in this browser; nothing is sent anywhere.
import { readLocal, removeLocal, writeLocal } from './storage.ts';

/** Sessions that got past the age gate. A session ends after 30 minutes without a page, in every tab at once. */
export const SESSIONS_KEY = 'visitSessions';
export const SESSION_GAP_MS = 30 * 60_000;
const LAST_SEEN_KEY = 'visitLastSeen';
const STARTED_KEY = 'visitStartedAt';
/** Set once the visitor saved a favourite or an alert: the app is then worth offering at once. */
export const EARNED_KEY = 'installOfferEarned';
/** "Ahora no": the offer is not made again. */
export const DISMISSED_KEY = 'installOfferDismissed';
/** When the offer was last shown: once a session. */
const SHOWN_AT_KEY = 'installOfferShownAt';
/** Dispatched on document when a favourite or an alert earns the offer. */
export const OFFER_EARNED = 'velada:oferta-instalar';

export interface Visit {
  sessions: number;
  /** When the current session started and when its last page was seen (ms; 0 for never). */
  startedAt: number;
  lastSeen: number;
}

/** The visit after a page seen at `now`: a new session when the last page is SESSION_GAP_MS old or more (or none). */
export function visitAfterPage(visit: Visit, now: number): Visit {
  const sameSession = visit.lastSeen > 0 && now - visit.lastSeen < SESSION_GAP_MS;
  return sameSession ? { ...visit, lastSeen: now } : { sessions: visit.sessions + 1, startedAt: now, lastSeen: now };
}

export type InstallOfferKind = 'button' | 'ios-steps';

export interface InstallOfferFacts {
  installed: boolean;
  /** A phone or a tablet: a touch screen and no mouse. */
  handheld: boolean;
  ios: boolean;
  /** The browser's own install dialog can be opened (beforeinstallprompt came). */
  browserOffer: boolean;
  sessions: number;
  earned: boolean;
  dismissed: boolean;
  shownThisSession: boolean;
}

/** The offer to make now: the browser's dialog behind a button, the steps for iPhone and iPad, or none. */
export function installOfferOf(facts: InstallOfferFacts): InstallOfferKind | null {
  if (facts.installed || !facts.handheld || facts.dismissed || facts.shownThisSession) return null;
  if (facts.sessions < 2 && !facts.earned) return null;
  if (facts.browserOffer) return 'button';
  return facts.ios ? 'ios-steps' : null;
}

const stored = (key: string) => Number(readLocal(key)) || 0;

/** Notes this page in the visit (a new session after 30 minutes without a page) and returns the sessions so far. */
export function countSession(now = Date.now()): number {
  // What the offer's first version kept, no longer read.
  removeLocal('appDownloadPrompted');
  const visit = visitAfterPage({ sessions: stored(SESSIONS_KEY), startedAt: stored(STARTED_KEY), lastSeen: stored(LAST_SEEN_KEY) }, now);
  writeLocal(SESSIONS_KEY, String(visit.sessions));
  writeLocal(STARTED_KEY, String(visit.startedAt));
  writeLocal(LAST_SEEN_KEY, String(visit.lastSeen));
  return visit.sessions;
}

/** What this browser remembers of the offer. */
export function storedOfferFacts(): Pick<InstallOfferFacts, 'sessions' | 'earned' | 'dismissed' | 'shownThisSession'> {
  const shownAt = stored(SHOWN_AT_KEY);
  return {
    sessions: stored(SESSIONS_KEY),
    earned: readLocal(EARNED_KEY) === 'true',
    dismissed: readLocal(DISMISSED_KEY) === 'true',
    shownThisSession: shownAt > 0 && shownAt >= stored(STARTED_KEY),
  };
}

/** A favourite or an alert was saved. */
export function earnInstallOffer(): void {
  if (readLocal(EARNED_KEY) === 'true') return;
  writeLocal(EARNED_KEY, 'true');
  document.dispatchEvent(new CustomEvent(OFFER_EARNED));
}

export function noteOfferShown(now = Date.now()): void {
  writeLocal(SHOWN_AT_KEY, String(now));
}

export function dismissInstallOffer(): void {
  writeLocal(DISMISSED_KEY, 'true');
}

/** A touch screen without a mouse: phones and tablets, not computers (touch laptops keep a fine pointer). */
export function isHandheld(): boolean {
  return window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}
