// What a command answers when it has nothing more to show (shared/contracts/answers.ts).
import type { Created, Done } from '#shared/contracts/answers.ts';
import type { SignInNext } from '#shared/contracts/second-step.ts';

export const done = (): Done => ({ success: true });

export const created = (id: number): Created => ({ success: true, id });

/** A sign-in that is complete (decision 069). */
export const signedIn = (): SignInNext => ({ next: 'done' });

/** An advertiser's password accepted: done, with what comes next (a second step, or nothing). */
export const passwordAccepted = (next: SignInNext): Done & SignInNext => ({ success: true, ...next });
