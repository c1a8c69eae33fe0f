// The factors of an account beyond its password (decision 069): the authenticator app's secret (sealed with
// IDENTITY_KEY, so a copy of the database gives no codes), recovery codes (only their hashes), and what a code typed
// at the second step is. A code is accepted once: an app code's 30-second step and a recovery code are taken by one
// conditional UPDATE each.
import type { Knex } from 'knex';
import { openWithAnyKey, sealBytes } from '#shared/sealing.ts';
import {
  factorSummary,
  findTotp,
  replaceRecoveryCodes,
  saveTotp,
  takeRecoveryCode,
  takeTotpStep,
  type Owner,
} from '#db/queries/second-step.ts';
import type { TotpSetup } from '#shared/contracts/second-step.ts';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.ts';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.ts';
import { qrSvg } from './qr-svg.ts';

/** IDENTITY_KEY first, then IDENTITY_KEY_PREVIOUS while a rotation is under way. */
export type SealingKeys = readonly Buffer[];

const secretContext = (owner: Owner) => `totp:${owner.kind}:${owner.id}`;

export const sealSecret = (keys: SealingKeys, owner: Owner, secret: string): string =>
  sealBytes(Buffer.from(secret), keys[0]!, secretContext(owner)).toString('base64');

const openSecret = (keys: SealingKeys, owner: Owner, sealed: string): string =>
  openWithAnyKey(Buffer.from(sealed, 'base64'), keys, secretContext(owner)).plain.toString();

/** A new secret to set up, shown to its owner, and sealed to be kept in the step until its first code confirms it. */
export function newTotpSetup(keys: SealingKeys, owner: Owner, accountName: string): { setup: TotpSetup; sealed: string } {
  const secret = newTotpSecret();
  const uri = otpauthUri({ secret, account: accountName, issuer: 'Velada' });
  return {
    setup: { secret, uri, qrSvg: qrSvg(uri, 'Código QR para tu app de autenticación') },
    sealed: sealSecret(keys, owner, secret),
  };
}

/** Confirms a secret being set up with its first code and keeps it (replacing an earlier one); false for a wrong code. */
export async function confirmTotp(
  db: Knex,
  keys: SealingKeys,
  owner: Owner,
  pendingSealed: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const secret = openSecret(keys, owner, pendingSealed);
  const step = verifyTotp(secret, code, now, null);
  if (step === null) return false;
  // Sealed again with the current key: the pending one may predate a rotation.
  await saveTotp(db, owner, sealSecret(keys, owner, secret), step, now);
  return true;
}

/** A code typed at the second step: six digits are the app's, anything else a recovery code. Null: not accepted. */
export async function useCode(db: Knex, keys: SealingKeys, owner: Owner, code: string, now: Date): Promise<'totp' | 'recovery' | null> {
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const totp = await findTotp(db, owner);
    if (!totp) return null;
    const step = verifyTotp(openSecret(keys, owner, totp.secretSealed), digits, now, totp.lastStep === null ? null : Number(totp.lastStep));
    return step !== null && (await takeTotpStep(db, owner, step)) ? 'totp' : null;
  }
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return null;
  return (await takeRecoveryCode(db, owner, hashRecoveryCode(normalized), now)) ? 'recovery' : null;
}

/** New recovery codes (the earlier ones stop working); returned once, to be shown once. */
export async function renewRecoveryCodes(db: Knex, owner: Owner, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    owner,
    codes.map((code) => hashRecoveryCode(normalizeRecoveryCode(code)!)),
    now,
  );
  return codes;
}

/** Whether the account has a passkey or an app: what a second step can be done with. */
export async function hasFactor(db: Knex, owner: Owner): Promise<boolean> {
  const summary = await factorSummary(db, owner);
  return summary.passkeys.length > 0 || summary.totp;
}

/**
 * After a factor was added: recovery codes when the account has none left unused (its first factor), so that
 * losing the device never locks it out; otherwise none (the ones it has stay valid).
 */
export async function recoveryCodesAfterAdding(db: Knex, owner: Owner, now: Date): Promise<string[] | undefined> {
  const { recoveryCodesLeft } = await factorSummary(db, owner);
  return recoveryCodesLeft === 0 ? renewRecoveryCodes(db, owner, now) : undefined;
}
