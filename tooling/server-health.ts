// Whether a Velada server started by a test, a benchmark or the e2e runner is up: its /api/health answers.
import type { ChildProcess } from 'node:child_process';

export const isHealthy = (origin: string): Promise<boolean> =>
  fetch(`${origin}/api/health`).then(
    (res) => res.ok,
    () => false,
  );

/** Resolves once the server at `origin` is healthy; rejects if its process exits first or `timeoutMs` passes. */
export async function waitUntilHealthy(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isHealthy(origin))) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    if (Date.now() > deadline) throw new Error(`the server did not start within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
