// Second-step factors of staff and advertisers (docs/decisions/069-second-step.md): passkeys, the authenticator
// app's sealed secret and recovery codes. Using a factor is one conditional UPDATE (a code's step or a recovery
// code is accepted once even when two requests race), and a reset removes every factor in one transaction.
import type { Knex } from 'knex';
import { AuditEntry, KnownDevice, Passkey, RecoveryCode, SignInStep, TotpFactor, type OwnerKind } from '#db/models/index.ts';
import { auditActionLabel } from '#shared/audit-actions.ts';

export interface Owner {
  kind: OwnerKind;
  id: number;
}

const ofOwner = (owner: Owner) => ({ owner_kind: owner.kind, owner_id: owner.id });

export const listPasskeys = (db: Knex, owner: Owner) => Passkey.query(db).where(ofOwner(owner)).orderBy('id');

export const findPasskey = (db: Knex, credentialId: string) => Passkey.query(db).findOne({ credential_id: credentialId });

export async function insertPasskey(
  db: Knex,
  owner: Owner,
  passkey: { credentialId: string; publicKey: string; signCount: number; transports: string[]; name: string },
  now: Date,
): Promise<void> {
  await Passkey.query(db).insert({
    ownerKind: owner.kind,
    ownerId: owner.id,
    credentialId: passkey.credentialId,
    publicKey: passkey.publicKey,
    signCount: passkey.signCount,
    transports: passkey.transports.join(',').slice(0, 200) || null,
    name: passkey.name,
    createdAt: now,
  });
}

/** Records a use; false when another use with this counter or a later one was recorded first (a cloned key). */
export async function recordPasskeyUse(db: Knex, id: number, signCount: number, now: Date): Promise<boolean> {
  const query = Passkey.query(db).findById(id);
  // Authenticators that keep no counter always send 0 (synced passkeys): nothing to compare then.
  if (signCount > 0) query.where('sign_count', '<', signCount);
  return (await query.patch({ signCount, lastUsedAt: now })) === 1;
}

export async function deletePasskey(db: Knex, owner: Owner, id: number): Promise<boolean> {
  return (await Passkey.query(db).where(ofOwner(owner)).findById(id).delete()) === 1;
}

export const findTotp = (db: Knex, owner: Owner) => TotpFactor.query(db).findById([owner.kind, owner.id]);

/** Sets (or replaces) the owner's authenticator app, its first code's step already used. */
export async function saveTotp(db: Knex, owner: Owner, secretSealed: string, step: number, now: Date): Promise<void> {
  await TotpFactor.query(db).where(ofOwner(owner)).delete();
  await TotpFactor.query(db).insert({ ownerKind: owner.kind, ownerId: owner.id, secretSealed, lastStep: step, createdAt: now });
}

/** Takes a code's step: false when this step or a later one was already used (a replayed code). */
export async function takeTotpStep(db: Knex, owner: Owner, step: number): Promise<boolean> {
  const updated = await TotpFactor.query(db)
    .findById([owner.kind, owner.id])
    .where((q) => q.whereNull('last_step').orWhere('last_step', '<', step))
    .patch({ lastStep: step });
  return updated === 1;
}

export async function deleteTotp(db: Knex, owner: Owner): Promise<boolean> {
  return (await TotpFactor.query(db).findById([owner.kind, owner.id]).delete()) === 1;
}

/** Replaces every recovery code of the owner (used or not) with these. */
export async function replaceRecoveryCodes(db: Knex, owner: Owner, hashes: string[], now: Date): Promise<void> {
  await db.transaction(async (trx) => {
    await RecoveryCode.query(trx).where(ofOwner(owner)).delete();
    // Knex, not Objection: Objection inserts several rows at once on PostgreSQL only.
    await trx('recovery_codes').insert(hashes.map((code_hash) => ({ ...ofOwner(owner), code_hash, created_at: now })));
  });
}

/** Uses a recovery code: true once, false for a used or unknown one. */
export async function takeRecoveryCode(db: Knex, owner: Owner, codeHash: string, now: Date): Promise<boolean> {
  const updated = await RecoveryCode.query(db)
    .where({ ...ofOwner(owner), code_hash: codeHash })
    .whereNull('used_at')
    .patch({ usedAt: now });
  return updated > 0;
}

export async function recoveryCodesLeft(db: Knex, owner: Owner): Promise<number> {
  const row = (await RecoveryCode.query(db).where(ofOwner(owner)).whereNull('used_at').count('* as n').first()) as unknown as {
    n: number | string;
  };
  return Number(row.n);
}

export interface FactorSummary {
  passkeys: Passkey[];
  totp: boolean;
  recoveryCodesLeft: number;
}

export async function factorSummary(db: Knex, owner: Owner): Promise<FactorSummary> {
  const [passkeys, totp, left] = await Promise.all([listPasskeys(db, owner), findTotp(db, owner), recoveryCodesLeft(db, owner)]);
  return { passkeys, totp: !!totp, recoveryCodesLeft: left };
}

/** Removes every factor and recovery code of the owner (a staff member's factors reset, an account closed). */
export async function deleteFactorsOf(db: Knex, owner: Owner): Promise<void> {
  await Passkey.query(db).where(ofOwner(owner)).delete();
  await TotpFactor.query(db).where(ofOwner(owner)).delete();
  await RecoveryCode.query(db).where(ofOwner(owner)).delete();
}

/** Everything of an account's sign-in but its sessions: factors, steps under way, remembered browsers (an account deleted). */
export async function deleteSignInDataOf(db: Knex, owner: Owner): Promise<void> {
  await deleteFactorsOf(db, owner);
  await SignInStep.query(db).where(ofOwner(owner)).delete();
  await KnownDevice.query(db).where(ofOwner(owner)).delete();
}

/** The audit actions about an account's factors (core/second-step/owners.ts writes them). */
const FACTOR_ACTIONS = [
  'factor_added',
  'factor_removed',
  'recovery_codes_renewed',
  'recovery_code_used',
  'second_step_turned_on',
  'second_step_turned_off',
  'second_step_failed',
  'other_sessions_ended',
];

/** An advertiser's factors and their history, as her data download gives them (never a secret or a code). */
export async function signInDataForExport(db: Knex, advertiserId: number) {
  const owner: Owner = { kind: 'advertiser', id: advertiserId };
  const summary = await factorSummary(db, owner);
  const totp = await findTotp(db, owner);
  const changes = await AuditEntry.query(db)
    .where({ target_type: 'advertiser', target_id: String(advertiserId) })
    .whereIn('action', FACTOR_ACTIONS)
    .orderBy('id')
    .select('action', 'created_at', 'details');
  return {
    passkeys: summary.passkeys.map((p) => ({
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
    authenticatorApp: totp ? { since: totp.createdAt.toISOString() } : null,
    recoveryCodesLeft: summary.recoveryCodesLeft,
    changes: changes.map((c) => ({ what: auditActionLabel(c.action), at: c.createdAt.toISOString(), details: c.details })),
  };
}
