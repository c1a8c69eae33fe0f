// "Salida rápida" (docs/decisions/037-search-on-phones-and-discretion.md): the header's button, or Escape twice within
// a second, hides the page at once and replaces Velada with a neutral site, leaving no Velada page to go back to.
// A page cannot delete history entries, so the tab first goes back to its first Velada entry (the Navigation API
// lists this tab's run of Velada entries) and that page replaces itself: a flag in sessionStorage tells it to, also
// when it comes from the back-forward cache. A Velada page reached again with back/forward while the flag is set
// leaves the same way; a visit by link, address or reload clears the flag.
import { readSession, removeSession, writeSession } from './storage.ts';

/** Where the visitor lands: an ordinary, neutral search. */
export const NEUTRAL_URL = 'https://www.google.com/search?q=clima+buenos+aires';
/** sessionStorage key of the flag; the inline head script reads it too (site/server/age-check-script.ts). */
export const LEAVING_KEY = 'veladaSalida';
const DOUBLE_ESCAPE_MS = 1000;

interface NavigationEntry {
  key: string;
}
interface NavigationApi {
  entries(): NavigationEntry[];
  currentEntry: NavigationEntry | null;
  traverseTo(key: string): { committed: Promise<unknown> };
}

function hidePage(): void {
  document.documentElement.classList.add('is-leaving');
  // The neutral site is not told where the visitor came from.
  const meta = document.createElement('meta');
  meta.name = 'referrer';
  meta.content = 'no-referrer';
  document.head.append(meta);
}

/** Leaves Velada now. */
export function quickExit(): void {
  hidePage();
  writeSession(LEAVING_KEY, '1');
  const navigation = (window as { navigation?: NavigationApi }).navigation;
  const first = navigation?.entries()[0];
  if (navigation && first && navigation.currentEntry && first.key !== navigation.currentEntry.key) {
    // The first Velada page of this run replaces itself when it shows (leaveIfLeaving). A traversal that fails
    // (not one cut short by the page unloading) leaves from here.
    navigation.traverseTo(first.key).committed.catch((error: unknown) => {
      if ((error as Error | null)?.name !== 'AbortError') location.replace(NEUTRAL_URL);
    });
    return;
  }
  location.replace(NEUTRAL_URL);
}

function navigationType(): string | undefined {
  return (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
}

/** On a page shown while the flag is set: replaces it if the visitor was sent here by the exit, else clears the flag. */
function leaveIfLeaving(restored: boolean): void {
  if (readSession(LEAVING_KEY) !== '1') return;
  if (restored || navigationType() === 'back_forward') {
    hidePage();
    location.replace(NEUTRAL_URL);
    return;
  }
  // A link, the address bar or a reload: the visitor came back on purpose.
  removeSession(LEAVING_KEY);
  document.documentElement.classList.remove('is-leaving');
}

/**
 * This Escape has a job of its own: closing a modal dialog, the filters sheet or the age gate, or emptying the search
 * box it was pressed in (a search field clears on Escape).
 */
function escapeClosesSomething(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement && target.type === 'search' && target.value !== '') return true;
  return [...document.querySelectorAll<HTMLElement>('dialog[open], [aria-modal="true"]')].some((e) => e.checkVisibility?.() ?? true);
}

export function startQuickExit(): void {
  leaveIfLeaving(false);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaveIfLeaving(true);
  });
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('[data-quick-exit]');
    if (!button) return;
    event.preventDefault();
    quickExit();
  });
  let lastEscape = -Infinity;
  // Capture phase: the count is decided before a dialog's own handler closes it.
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.repeat) return;
      if (escapeClosesSomething(event.target)) {
        lastEscape = -Infinity;
        return;
      }
      // performance.now() rather than event.timeStamp: the same time origin, and a test's clock (Playwright's
      // page.clock) controls it, so a test of "twice within a second" moves time instead of waiting.
      const now = performance.now();
      if (now - lastEscape <= DOUBLE_ESCAPE_MS) quickExit();
      else lastEscape = now;
    },
    { capture: true },
  );
}
