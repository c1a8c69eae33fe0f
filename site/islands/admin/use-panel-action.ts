// What a row's action in a panel section does (approve an ad, decide a report, mark a message answered, activate
// an account…): the row's buttons are disabled while it runs, success and failure are told in a toast (the
// server's message on failure), and the section reloads what changed.
import { useState } from 'react';
import { serverMessage } from '#site/lib/admin-api.ts';
import { showToast } from '#site/stores/toasts.ts';

export interface PanelAction {
  /** The row whose action is running, or null. */
  busyId: number | null;
  /**
   * Runs `work` for row `id`; then shows `success` (unless null) and runs `after` (the reloads). Returns whether it
   * worked; on failure the toast has the title `failure` and the server's message.
   */
  run(
    id: number,
    work: () => Promise<unknown>,
    toasts: { success: { title: string; description?: string } | null; failure: string },
    after?: () => Promise<unknown>,
  ): Promise<boolean>;
}

export function usePanelAction(): PanelAction {
  const [busyId, setBusyId] = useState<number | null>(null);
  return {
    busyId,
    async run(id, work, toasts, after) {
      setBusyId(id);
      try {
        await work();
        if (toasts.success) showToast({ ...toasts.success, variant: 'success' });
        await after?.();
        return true;
      } catch (err) {
        showToast({ title: toasts.failure, description: serverMessage(err), variant: 'error' });
        return false;
      } finally {
        setBusyId(null);
      }
    },
  };
}
