// The account's "Seguridad" overview (passkeys, app, recovery codes, sessions), shared by the islands of one page:
// the settings block and, in Mi cuenta, the passkey offer. Loaded once when the first of them opens, and again
// after every change; only the latest answer is kept when loads overlap.
import { atom } from 'nanostores';
import type { SecurityOverview } from '#shared/contracts/second-step.ts';
import { getSecurity, signInPage, signedOut, stepProblem, type AccountBase } from '#site/lib/second-step-api.ts';

export interface SecurityState {
  overview: SecurityOverview | null;
  /** Why the last load failed (the overview shown, if any, is the one before). */
  problem: string | null;
}

export const $security = atom<SecurityState>({ overview: null, problem: null });

let latest = 0;
let started = false;

/** Loads the overview now (after a change, or on "Reintentar"). */
export async function reloadSecurity(base: AccountBase): Promise<void> {
  started = true;
  const mine = ++latest;
  try {
    const overview = await getSecurity(base);
    if (mine === latest) $security.set({ overview, problem: null });
  } catch (err) {
    // The session ended (elsewhere, or idle): the sign-in, as the rest of the area does.
    if (signedOut(err)) window.location.assign(signInPage(base));
    else if (mine === latest) $security.set({ ...$security.get(), problem: stepProblem(err) });
  }
}

/** Loads the overview unless an island of this page already did. */
export function ensureSecurity(base: AccountBase): void {
  if (!started) void reloadSecurity(base);
}
