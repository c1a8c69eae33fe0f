// "Borrar rastros" (docs/decisions/037-search-on-phones-and-discretion.md): removes everything Velada keeps in this
// browser. The server's answer (Clear-Site-Data) clears it all, HttpOnly cookies included; the same steps are taken
// here as well, for browsers that ignore the header and in case the request does not get through.

/** Same path as CLEAR_BROWSER_DATA_PATH in api/routes/browser-data/routes.ts. */
const CLEAR_PATH = '/api/browser-data/clear';
const SERVER_TIMEOUT_MS = 5000;

/**
 * Steps that need Velada's data while it is still there, run first, in order; one that fails does not stop the
 * clearing. Alerts for new ads go here (forgetting the Web Push subscription on the server needs the service
 * worker's registration, which is removed below).
 */
const BEFORE_CLEAR: (() => Promise<void>)[] = [
  // Loaded only now: every page carries this module, and few visitors ever clear.
  async () => (await import('./search-alerts.ts')).forgetAlertsOnThisDevice(),
];

async function askServer(): Promise<void> {
  await fetch(CLEAR_PATH, { method: 'POST', credentials: 'same-origin', signal: AbortSignal.timeout(SERVER_TIMEOUT_MS) });
}

async function clearCaches(): Promise<void> {
  if (!('caches' in window)) return;
  for (const name of await caches.keys()) await caches.delete(name);
}

async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
}

async function deleteDatabases(): Promise<void> {
  if (!('indexedDB' in window) || !indexedDB.databases) return;
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  }
}

function clearStorage(): void {
  for (const storage of ['localStorage', 'sessionStorage'] as const) {
    try {
      window[storage].clear();
    } catch {
      /* storage unavailable: nothing is kept there */
    }
  }
}

/** The cookies a script can see, expired on the paths and domain they can have been set with. */
function clearCookies(): void {
  const paths = ['/', location.pathname];
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of paths) {
      document.cookie = `${name}=; path=${path}; max-age=0`;
      document.cookie = `${name}=; path=${path}; domain=${location.hostname}; max-age=0`;
    }
  }
}

/** Clears Velada's data in this browser. Never throws: each step that fails leaves the others to do their part. */
export async function clearTraces(): Promise<void> {
  for (const step of BEFORE_CLEAR) await step().catch(() => undefined);
  await Promise.allSettled([askServer(), clearCaches(), unregisterServiceWorkers(), deleteDatabases()]);
  clearStorage();
  clearCookies();
}
