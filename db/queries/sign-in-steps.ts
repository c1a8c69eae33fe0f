// The short-lived steps of signing in and of adding a factor (decision 069): a password accepted and a second step
// awaited, a staff member setting up a first factor, a passkey's challenge, an authenticator secret awaiting its
// first code. Kept in the database, not in one process's memory: the next request may reach another process.
import type { Knex } from 'knex';
import { KnownDevice, SignInStep, type OwnerKind } from '#db/models/index.ts';
import type { Owner } from './second-step.ts';

export type StepPurpose = 'second-step' | 'setup' | 'passkey-sign-in' | 'add-passkey' | 'add-totp';

export async function insertStep(
  db: Knex,
  step: { tokenHash: string; ownerKind: OwnerKind; ownerId: number | null; purpose: StepPurpose; challenge?: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await SignInStep.query(db).insert({ ...step, challenge: step.challenge ?? null, failures: 0, createdAt: now });
}

/** A step that has not expired, of this purpose. */
export async function findStep(db: Knex, tokenHash: string, purposes: readonly StepPurpose[], now: Date): Promise<SignInStep | null> {
  const step = await SignInStep.query(db).findById(tokenHash);
  return step && purposes.includes(step.purpose as StepPurpose) && step.expiresAt > now ? step : null;
}

export async function updateStep(
  db: Knex,
  tokenHash: string,
  patch: { challenge?: string | null; pendingSecretSealed?: string | null },
): Promise<void> {
  await SignInStep.query(db).findById(tokenHash).patch(patch);
}

/** Counts a wrong code against the step; returns the failures so far. */
export async function countStepFailure(db: Knex, tokenHash: string): Promise<number> {
  await SignInStep.query(db).findById(tokenHash).increment('failures', 1);
  return (await SignInStep.query(db).findById(tokenHash))?.failures ?? 0;
}

/** Ends a step; true only for the request that ended it (a double submit signs in once). */
export async function takeStep(db: Knex, tokenHash: string): Promise<boolean> {
  return (await SignInStep.query(db).deleteById(tokenHash)) === 1;
}

/** An owner's live steps of one purpose, the newest first (adding a factor while signed in: no cookie names them). */
export async function liveStepsOf(db: Knex, owner: Owner, purpose: StepPurpose, now: Date): Promise<SignInStep[]> {
  return SignInStep.query(db)
    .where({ owner_kind: owner.kind, owner_id: owner.id, purpose })
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(10);
}

export async function deleteStepsOf(db: Knex, owner: Owner): Promise<void> {
  await SignInStep.query(db).where({ owner_kind: owner.kind, owner_id: owner.id }).delete();
}

export async function deleteExpiredSteps(db: Knex, now: Date): Promise<number> {
  return SignInStep.query(db).where('expires_at', '<=', now).delete();
}

/** Whether this browser (its cookie's hash) signed in to the account before. */
export async function isKnownDevice(db: Knex, owner: Owner, deviceHash: string): Promise<boolean> {
  return !!(await KnownDevice.query(db).findById([owner.kind, owner.id, deviceHash]));
}

/** Remembers the browser for the account; says whether it is new, and whether the account had any before. */
export async function rememberDevice(
  db: Knex,
  owner: Owner,
  deviceHash: string,
  now: Date,
): Promise<{ isNew: boolean; firstEver: boolean }> {
  const updated = await KnownDevice.query(db).findById([owner.kind, owner.id, deviceHash]).patch({ lastSeenAt: now });
  if (updated === 1) return { isNew: false, firstEver: false };
  const before = await KnownDevice.query(db).where({ owner_kind: owner.kind, owner_id: owner.id }).first();
  await KnownDevice.query(db)
    .insert({ ownerKind: owner.kind, ownerId: owner.id, deviceHash, createdAt: now, lastSeenAt: now })
    .onConflict(['owner_kind', 'owner_id', 'device_hash'])
    .ignore();
  return { isNew: true, firstEver: !before };
}
