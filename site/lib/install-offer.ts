// When Velada offers to be installed (decisions.md, "A first visit has one interruption"): never on a first visit,
// never on a computer, never in the installed app. From the visitor's second session on, or once they save a
// favourite or an alert, one offer at most per session, which "Ahora no" puts away for good. Where the browser has
// no install dialog of its own (iPhone and iPad) the offer gives the steps, since alerts there need the installed app.
// Everything here stays in this browser; nothing is sent anywhere.
import { readLocal, readSession, writeLocal, writeSession } from './storage.ts';

/** Browser sessions that got past the age gate, counted once each (the first page of a tab's session). */
export const SESSIONS_KEY = 'visitSessions';
const SESSION_COUNTED_KEY = 'visitCounted';
/** Set once the visitor saved a favourite or an alert: the app is then worth offering at once. */
export const EARNED_KEY = 'installOfferEarned';
/** "Ahora no": the offer is not made again. */
export const DISMISSED_KEY = 'installOfferDismissed';
/** The offer was shown in this session. */
const SHOWN_KEY = 'installOfferShown';
/** Dispatched on document when a favourite or an alert earns the offer. */
export const OFFER_EARNED = 'velada:oferta-instalar';

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

/** Counts this browser session once and returns the sessions counted so far, this one included. */
export function countSession(): number {
  const counted = Number(readLocal(SESSIONS_KEY)) || 0;
  if (readSession(SESSION_COUNTED_KEY)) return counted;
  writeSession(SESSION_COUNTED_KEY, 'true');
  writeLocal(SESSIONS_KEY, String(counted + 1));
  return counted + 1;
}

/** What this browser remembers of the offer. */
export function storedOfferFacts(): Pick<InstallOfferFacts, 'sessions' | 'earned' | 'dismissed' | 'shownThisSession'> {
  return {
    sessions: Number(readLocal(SESSIONS_KEY)) || 0,
    earned: readLocal(EARNED_KEY) === 'true',
    dismissed: readLocal(DISMISSED_KEY) === 'true',
    shownThisSession: readSession(SHOWN_KEY) === 'true',
  };
}

/** A favourite or an alert was saved. */
export function earnInstallOffer(): void {
  if (readLocal(EARNED_KEY) === 'true') return;
  writeLocal(EARNED_KEY, 'true');
  document.dispatchEvent(new CustomEvent(OFFER_EARNED));
}

export function noteOfferShown(): void {
  writeSession(SHOWN_KEY, 'true');
}

export function dismissInstallOffer(): void {
  writeLocal(DISMISSED_KEY, 'true');
}

/** A touch screen without a mouse: phones and tablets, not computers (touch laptops keep a fine pointer). */
export function isHandheld(): boolean {
  return window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}
