// What a change in "Seguridad" does: one at a time (the buttons wait meanwhile), the overview loaded again after it,
// success told in its block's polite live region, failure in an alert in its block, with "Ingresar de nuevo" when
// the server wants a recent sign-in first.
import { useState } from 'react';
import { needsRecentSignIn, signInPage, signedOut, stepProblem, type AccountBase } from '#site/lib/second-step-api.ts';
import { reloadSecurity } from '#site/stores/security.ts';

export type SecurityBlock = 'passkeys' | 'totp' | 'recovery' | 'second-step' | 'sessions';

export interface SecurityAction {
  base: AccountBase;
  /** The block whose change is running, or null. */
  busy: SecurityBlock | null;
  status: { block: SecurityBlock; text: string } | null;
  problem: { block: SecurityBlock; text: string; signInAgain: boolean } | null;
  /**
   * Runs `work` (which returns what to announce, or null), then loads the overview again. `passkey: 'create'` when
   * the work creates a passkey, for the words of a failure in the browser's dialog.
   */
  run(block: SecurityBlock, work: () => Promise<string | null>, passkey?: 'create'): Promise<void>;
  /** Shows a failure in the block. */
  fail(block: SecurityBlock, error: unknown): void;
}

export function useSecurityAction(base: AccountBase): SecurityAction {
  const [busy, setBusy] = useState<SecurityBlock | null>(null);
  const [status, setStatus] = useState<SecurityAction['status']>(null);
  const [problem, setProblem] = useState<SecurityAction['problem']>(null);

  function fail(block: SecurityBlock, error: unknown, passkey?: 'create') {
    // The session ended (elsewhere, or idle): the sign-in, as the rest of the area does.
    if (signedOut(error)) return window.location.assign(signInPage(base));
    setProblem({ block, text: stepProblem(error, passkey), signInAgain: needsRecentSignIn(error) });
  }

  async function run(block: SecurityBlock, work: () => Promise<string | null>, passkey?: 'create') {
    if (busy) return;
    setBusy(block);
    setStatus(null);
    setProblem(null);
    try {
      const done = await work();
      await reloadSecurity(base);
      if (done) setStatus({ block, text: done });
    } catch (err) {
      fail(block, err, passkey);
    } finally {
      setBusy(null);
    }
  }

  return { base, busy, status, problem, run, fail };
}
