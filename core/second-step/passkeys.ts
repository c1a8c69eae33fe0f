// Passkeys (WebAuthn) through @simplewebauthn/server (decision 069): options to create or use one, and the checks of
// what the browser answered. Every passkey requires user verification (the device's screen lock), so a passkey alone
// is two factors: something held and something known or been. The challenge lives in the step that asked for it
// (db/queries/sign-in-steps.ts) and is used once.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { findPasskey, insertPasskey, listPasskeys, recordPasskeyUse, type Owner } from '#db/queries/second-step.ts';

/** Who the passkeys are for: the site's host and the exact origin browsers report. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const RP_NAME = 'Velada';

/**
 * The library, loaded on the first passkey: loading it prints Node's warnings about experimental Web Crypto
 * features, which every start would otherwise show.
 */
const webauthn = () => import('@simplewebauthn/server');
const TIMEOUT_MS = 120_000;

/** The same opaque id for every passkey of one account: an authenticator then keeps one passkey per account. */
const userHandle = (owner: Owner) => crypto.createHash('sha256').update(`velada:${owner.kind}:${owner.id}`).digest().subarray(0, 16);

const transportsOf = (stored: string | null) => (stored ? (stored.split(',') as AuthenticatorTransport[]) : undefined);

export async function creationOptions(
  db: Knex,
  rp: RelyingParty,
  owner: Owner,
  user: { name: string; displayName: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, owner);
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.name,
    userDisplayName: user.displayName,
    userID: new Uint8Array(userHandle(owner)),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    // Discoverable: an advertiser signs in with it without typing her email.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks a new passkey against its challenge and stores it; false when it does not verify. */
export async function addPasskey(
  db: Knex,
  rp: RelyingParty,
  owner: Owner,
  answer: { response: RegistrationResponseJSON; challenge: string; name: string },
  now: Date,
): Promise<boolean> {
  const { verifyRegistrationResponse } = await webauthn();
  const result = await verifyRegistrationResponse({
    response: answer.response,
    expectedChallenge: answer.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) return false;
  const { credential } = result.registrationInfo;
  if (await findPasskey(db, credential.id)) return false;
  await insertPasskey(
    db,
    owner,
    {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      name: answer.name,
    },
    now,
  );
  return true;
}

/** Options to use a passkey: of this owner (a second step), or any of the site's (a passwordless sign-in). */
export async function requestOptions(db: Knex, rp: RelyingParty, owner: Owner | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = owner ? await listPasskeys(db, owner) : [];
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: allowed.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
  });
}

/**
 * Checks a passkey's answer to a challenge; returns whose passkey it is, or null (unknown passkey, another owner's
 * when `owner` is given, a bad signature, or a counter that went backwards: a cloned authenticator).
 */
export async function usePasskey(
  db: Knex,
  rp: RelyingParty,
  answer: { response: AuthenticationResponseJSON; challenge: string; owner: Owner | null; kind: Owner['kind'] },
  now: Date,
): Promise<Owner | null> {
  const passkey = await findPasskey(db, answer.response.id);
  if (!passkey || passkey.ownerKind !== answer.kind) return null;
  if (answer.owner && passkey.ownerId !== answer.owner.id) return null;
  const { verifyAuthenticationResponse } = await webauthn();
  const result = await verifyAuthenticationResponse({
    response: answer.response,
    expectedChallenge: answer.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: Number(passkey.signCount),
      transports: transportsOf(passkey.transports),
    },
  }).catch(() => null);
  if (!result?.verified) return null;
  if (!(await recordPasskeyUse(db, passkey.id, result.authenticationInfo.newCounter, now))) return null;
  return { kind: passkey.ownerKind, id: passkey.ownerId };
}
