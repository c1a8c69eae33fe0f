// "Seguridad" in Mi cuenta and in the panel (decision 069): what an account's passkeys, authenticator app, recovery
// codes and sessions are, and the changes to them. Adding a factor needs the signed-in session; removing one, new
// recovery codes or turning the second step off need a recent sign-in (RECENT_SIGN_IN_MINUTES), so a session left
// open on a shared computer cannot strip an account's protection. Staff always keep one factor. Every change is audited.
import type { Knex } from 'knex';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { deletePasskey, deleteTotp, factorSummary } from '#db/queries/second-step.ts';
import { setSecondStep } from '#db/queries/advertiser-accounts.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { refuse } from '#core/refusals.ts';
import { RECENT_SIGN_IN_MINUTES, type FactorAdded, type SecurityOverview, type TotpSetup } from '#shared/contracts/second-step.ts';
import { confirmTotp, hasFactor, newTotpSetup, recoveryCodesAfterAdding, renewRecoveryCodes, type SealingKeys } from './factors.ts';
import { addPasskey, creationOptions, type RelyingParty } from './passkeys.ts';
import { recordFactorChange, type NamedOwner } from './owners.ts';
import { liveStepsOf, takeStep } from '#db/queries/sign-in-steps.ts';
import { openStep, setStepSecret } from './sign-in-flow.ts';

export interface SecurityDeps {
  db: Knex;
  now: Date;
  /** The address of the request, for staff's audit rows. */
  ip: string;
}

const sessionsOf = (owner: NamedOwner) => (owner.kind === 'staff' ? staffSessions : advertiserSessions);

export async function securityOverview(
  db: Knex,
  owner: NamedOwner,
  sessionToken: string | undefined,
  now: Date,
): Promise<SecurityOverview> {
  const summary = await factorSummary(db, owner);
  const sessions = await sessionsOf(owner).list(db, owner.id, sessionToken, now);
  return {
    passkeys: summary.passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
    totp: summary.totp,
    recoveryCodesLeft: summary.recoveryCodesLeft,
    secondStep: owner.kind === 'staff' || owner.secondStepOn,
    secondStepRequired: owner.kind === 'staff',
    sessions: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
  };
}

async function requireRecentSignIn(deps: SecurityDeps, owner: NamedOwner, sessionToken: string | undefined): Promise<void> {
  const signedInAt = await sessionsOf(owner).signedInAt(deps.db, sessionToken);
  if (!signedInAt || deps.now.getTime() - signedInAt.getTime() > RECENT_SIGN_IN_MINUTES * 60_000) throw refuse('recent_sign_in_needed');
}

/** After a factor was removed: staff keep one; an advertiser left with none goes back to the password alone. */
async function afterRemoval(deps: SecurityDeps, owner: NamedOwner): Promise<void> {
  if (owner.kind === 'advertiser' && owner.secondStepOn && !(await hasFactor(deps.db, owner))) {
    await setSecondStep(deps.db, owner.id, null);
    await recordFactorChange(deps.db, owner, 'second_step_turned_off', { reason: 'no_factor_left' }, deps.ip, deps.now);
  }
}

async function refuseLastStaffFactor(deps: SecurityDeps, owner: NamedOwner, removing: 'passkey' | 'totp'): Promise<void> {
  if (owner.kind !== 'staff') return;
  const summary = await factorSummary(deps.db, owner);
  const left = summary.passkeys.length - (removing === 'passkey' ? 1 : 0) + (summary.totp && removing !== 'totp' ? 1 : 0);
  if (left < 1) throw refuse('last_staff_factor');
}

/**
 * Options to create a passkey. The challenge is kept in a step of the account for 10 minutes; the answer finds its
 * step by the challenge it signed (two tabs may be adding one each).
 */
export async function startAddingPasskey(deps: SecurityDeps, rp: RelyingParty, owner: NamedOwner) {
  const options = await creationOptions(deps.db, rp, owner, { name: owner.name, displayName: owner.displayName });
  await openStep(deps.db, owner, 'add-passkey', deps.now, options.challenge);
  return options;
}

/** The challenge a passkey's answer signed (in its clientDataJSON), or null when the answer is not readable. */
function signedChallenge(response: RegistrationResponseJSON): string | null {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString()) as { challenge?: unknown };
    return typeof client.challenge === 'string' ? client.challenge : null;
  } catch {
    return null;
  }
}

export async function finishAddingPasskey(
  deps: SecurityDeps,
  rp: RelyingParty,
  owner: NamedOwner,
  answer: { response: RegistrationResponseJSON; name: string },
): Promise<FactorAdded> {
  const challenge = signedChallenge(answer.response);
  const open = (await liveStepsOf(deps.db, owner, 'add-passkey', deps.now)).find((s) => s.challenge === challenge);
  if (!open || !(await takeStep(deps.db, open.tokenHash))) throw refuse('setup_expired');
  const added = await addPasskey(
    deps.db,
    rp,
    owner,
    { response: answer.response, challenge: open.challenge!, name: answer.name },
    deps.now,
  );
  if (!added) throw refuse('passkey_not_added');
  await recordFactorChange(deps.db, owner, 'factor_added', { method: 'passkey' }, deps.ip, deps.now);
  return { next: 'done', recoveryCodes: await recoveryCodesAfterAdding(deps.db, owner, deps.now) };
}

export async function removePasskey(deps: SecurityDeps, owner: NamedOwner, sessionToken: string | undefined, id: number): Promise<void> {
  await requireRecentSignIn(deps, owner, sessionToken);
  const summary = await factorSummary(deps.db, owner);
  if (!summary.passkeys.some((p) => p.id === id)) throw refuse('passkey_missing');
  await refuseLastStaffFactor(deps, owner, 'passkey');
  if (!(await deletePasskey(deps.db, owner, id))) throw refuse('passkey_missing');
  await recordFactorChange(deps.db, owner, 'factor_removed', { method: 'passkey' }, deps.ip, deps.now);
  await afterRemoval(deps, owner);
}

/** A new authenticator-app secret to show, kept sealed in a step of the account until its first code confirms it. */
export async function startAddingTotp(deps: SecurityDeps, keys: SealingKeys, owner: NamedOwner): Promise<TotpSetup> {
  const { setup, sealed } = newTotpSetup(keys, owner, owner.name);
  await setStepSecret(deps.db, await openStep(deps.db, owner, 'add-totp', deps.now), sealed);
  return setup;
}

export async function finishAddingTotp(deps: SecurityDeps, keys: SealingKeys, owner: NamedOwner, code: string): Promise<FactorAdded> {
  // The secret the code was made with: the newest set-up, or an earlier one still open in another tab.
  const pending = (await liveStepsOf(deps.db, owner, 'add-totp', deps.now)).filter((s) => s.pendingSecretSealed);
  if (pending.length === 0) throw refuse('setup_expired');
  let confirmed = null;
  for (const step of pending) {
    if (await confirmTotp(deps.db, keys, owner, step.pendingSecretSealed!, code, deps.now)) {
      confirmed = step;
      break;
    }
  }
  if (!confirmed) throw refuse('wrong_code');
  await takeStep(deps.db, confirmed.tokenHash);
  await recordFactorChange(deps.db, owner, 'factor_added', { method: 'totp' }, deps.ip, deps.now);
  return { next: 'done', recoveryCodes: await recoveryCodesAfterAdding(deps.db, owner, deps.now) };
}

export async function removeTotp(deps: SecurityDeps, owner: NamedOwner, sessionToken: string | undefined): Promise<void> {
  await requireRecentSignIn(deps, owner, sessionToken);
  await refuseLastStaffFactor(deps, owner, 'totp');
  if (!(await deleteTotp(deps.db, owner))) return;
  await recordFactorChange(deps.db, owner, 'factor_removed', { method: 'totp' }, deps.ip, deps.now);
  await afterRemoval(deps, owner);
}

export async function newRecoveryCodes(
  deps: SecurityDeps,
  owner: NamedOwner,
  sessionToken: string | undefined,
): Promise<{ recoveryCodes: string[] }> {
  await requireRecentSignIn(deps, owner, sessionToken);
  if (!(await hasFactor(deps.db, owner))) throw refuse('no_factor');
  const codes = await renewRecoveryCodes(deps.db, owner, deps.now);
  await recordFactorChange(deps.db, owner, 'recovery_codes_renewed', {}, deps.ip, deps.now);
  return { recoveryCodes: codes };
}

/** An advertiser's choice of a second step after her password; turning it off needs a recent sign-in. */
export async function chooseSecondStep(
  deps: SecurityDeps,
  owner: NamedOwner,
  sessionToken: string | undefined,
  on: boolean,
): Promise<void> {
  if (owner.kind !== 'advertiser' || on === owner.secondStepOn) return;
  if (on && !(await hasFactor(deps.db, owner))) throw refuse('no_factor');
  if (!on) await requireRecentSignIn(deps, owner, sessionToken);
  await setSecondStep(deps.db, owner.id, on ? deps.now : null);
  await recordFactorChange(deps.db, owner, on ? 'second_step_turned_on' : 'second_step_turned_off', {}, deps.ip, deps.now);
}

/** "Cerrar las demás": every session of the account but this one. */
export async function endOtherSessions(deps: SecurityDeps, owner: NamedOwner, sessionToken: string): Promise<{ ended: number }> {
  const ended = await sessionsOf(owner).endOthers(deps.db, owner.id, sessionToken);
  if (ended > 0) await recordFactorChange(deps.db, owner, 'other_sessions_ended', { ended }, deps.ip, deps.now);
  return { ended };
}
