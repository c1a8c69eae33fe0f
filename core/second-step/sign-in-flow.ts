// The steps between a right password (or a passkey's challenge) and a session, for staff and advertisers alike
// (decision 069). A step is a random token in an HttpOnly cookie whose hash names a row of sign_in_steps for 10
// minutes; it allows 5 wrong codes, then the password must be typed again. The session is made once, by whichever
// request takes the step (a double submit signs in once), with the browser's label; a browser this account never
// signed in from before gets the new-device mail.
import type { Knex } from 'knex';
import { countStepFailure, findStep, insertStep, takeStep, updateStep, type StepPurpose } from '#db/queries/sign-in-steps.ts';
import { factorSummary, type Owner } from '#db/queries/second-step.ts';
import type { SignInStep } from '#db/models/index.ts';
import type { SecondStepMethods } from '#shared/contracts/second-step.ts';
import { hashToken, isPlausibleToken, newToken } from '#core/sessions/tokens.ts';

export const STEP_MINUTES = 10;
/** Wrong codes a step allows; the next sign-in starts from the password again. */
export const CODE_FAILURES_PER_STEP = 5;

export type { StepPurpose } from '#db/queries/sign-in-steps.ts';

/** Opens a step for `owner` (id null: a passwordless sign-in's challenge); returns the cookie's token. */
export async function openStep(
  db: Knex,
  owner: { kind: Owner['kind']; id: number | null },
  purpose: StepPurpose,
  now: Date,
  challenge?: string,
): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STEP_MINUTES * 60_000);
  await insertStep(db, { tokenHash: hashToken(token), ownerKind: owner.kind, ownerId: owner.id, purpose, challenge, expiresAt }, now);
  return token;
}

/** The live step of this cookie, of one of these purposes and of this kind of account; null otherwise. */
export async function stepOf(
  db: Knex,
  token: string | undefined,
  kind: Owner['kind'],
  purposes: readonly StepPurpose[],
  now: Date,
): Promise<SignInStep | null> {
  if (!isPlausibleToken(token)) return null;
  const step = await findStep(db, hashToken(token), purposes, now);
  return step?.ownerKind === kind ? step : null;
}

export const stepOwner = (step: SignInStep): Owner => ({ kind: step.ownerKind, id: step.ownerId! });

export const setStepChallenge = (db: Knex, token: string, challenge: string) => updateStep(db, hashToken(token), { challenge });

export const setStepSecret = (db: Knex, token: string, pendingSecretSealed: string) =>
  updateStep(db, hashToken(token), { pendingSecretSealed });

/** Counts a wrong code; true when the step is over (too many), and then it is ended. */
export async function failStep(db: Knex, token: string): Promise<boolean> {
  const failures = await countStepFailure(db, hashToken(token));
  if (failures < CODE_FAILURES_PER_STEP) return false;
  await takeStep(db, hashToken(token));
  return true;
}

/** Ends the step; true only for the one request that ended it. */
export const closeStep = (db: Knex, token: string) => takeStep(db, hashToken(token));

/** What this account can finish a second step with. */
export async function methodsOf(db: Knex, owner: Owner): Promise<SecondStepMethods> {
  const summary = await factorSummary(db, owner);
  return { passkey: summary.passkeys.length > 0, totp: summary.totp, recovery: summary.recoveryCodesLeft > 0 };
}
