// The software passkey authenticator: what it answers passes @simplewebauthn/server's verification with user
// verification required, and the server refuses it for another origin, challenge or RP, a counter that does not
// grow, a changed signature, or no user verification.
import { describe, expect, it } from 'vitest';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { softAuthenticator } from './soft-authenticator.ts';

const RP_ID = 'velada.test';
const ORIGIN = 'https://velada.test';

const registrationOptions = (excludeCredentials: { id: string }[] = []) =>
  generateRegistrationOptions({
    rpName: 'Velada',
    rpID: RP_ID,
    userName: 'ana@example.com',
    userID: new TextEncoder().encode('staff-7'),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials,
  });

const verifyRegistration = (response: RegistrationResponseJSON, challenge: string) =>
  verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    requireUserVerification: true,
  });

/** An authenticator holding one credential the server has stored, as the sign-in flows will find them. */
async function registered() {
  const authenticator = softAuthenticator();
  const options = await registrationOptions();
  const { registrationInfo } = await verifyRegistration(await authenticator.register(options, ORIGIN), options.challenge);
  return { authenticator, stored: registrationInfo!.credential, userHandle: options.user.id };
}

const verifyAuthentication = (response: AuthenticationResponseJSON, challenge: string, credential: WebAuthnCredential) =>
  verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    credential,
    requireUserVerification: true,
  });

const signInOptions = (credential?: WebAuthnCredential) =>
  generateAuthenticationOptions({
    rpID: RP_ID,
    userVerification: 'required',
    allowCredentials: credential ? [{ id: credential.id }] : [],
  });

describe('register', () => {
  it('gives a response the server verifies: fmt none, zero AAGUID, user verified, device-bound, counter 0', async () => {
    const authenticator = softAuthenticator();
    const options = await registrationOptions();
    const response = await authenticator.register(options, ORIGIN);
    const { verified, registrationInfo } = await verifyRegistration(response, options.challenge);
    expect(verified).toBe(true);
    expect(registrationInfo).toMatchObject({
      fmt: 'none',
      aaguid: '00000000-0000-0000-0000-000000000000',
      userVerified: true,
      credentialDeviceType: 'singleDevice',
      credentialBackedUp: false,
      origin: ORIGIN,
      rpID: RP_ID,
    });
    expect(registrationInfo!.credential).toMatchObject({ id: response.id, counter: 0, transports: ['internal'] });
    expect(Buffer.from(response.id, 'base64url')).toHaveLength(16);
    expect(Buffer.from(registrationInfo!.credential.publicKey)).toEqual(Buffer.from(authenticator.credentials[0]!.publicKey));
    expect(authenticator.credentials).toMatchObject([{ id: response.id, rpId: RP_ID, userHandle: options.user.id, signCount: 0 }]);
    expect(response.clientExtensionResults).toEqual({ credProps: { rk: true } });
  });

  it('writes the attestation object and client data a browser would', async () => {
    const options = await registrationOptions();
    const response = await softAuthenticator().register(options, ORIGIN);
    const attestation = isoCBOR.decodeFirst<Map<string, unknown>>(Buffer.from(response.response.attestationObject, 'base64url'));
    expect([...attestation.keys()]).toEqual(['fmt', 'attStmt', 'authData']);
    expect(attestation.get('attStmt')).toEqual(new Map());
    const authData = Buffer.from(attestation.get('authData') as Uint8Array);
    expect(authData[32]).toBe(0x45); // UP | UV | AT; BE, BS and ED off
    expect(JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString())).toEqual({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ORIGIN,
      crossOrigin: false,
    });
  });

  it('takes the RP ID from the origin when the options name none', async () => {
    const options = await registrationOptions();
    const response = await softAuthenticator().register({ ...options, rp: { name: 'Velada' } }, ORIGIN);
    expect((await verifyRegistration(response, options.challenge)).verified).toBe(true);
  });

  it('is refused by the server for another origin, challenge or RP ID, or without user verification', async () => {
    const options = await registrationOptions();
    const authenticator = softAuthenticator();
    const elsewhere = await authenticator.register(options, 'https://velada.test.example');
    await expect(verifyRegistration(elsewhere, options.challenge)).rejects.toThrow(/origin/);
    const response = await authenticator.register(options, ORIGIN);
    await expect(verifyRegistration(response, (await registrationOptions()).challenge)).rejects.toThrow(/challenge/);
    const otherRp = await authenticator.register({ ...options, rp: { name: 'Otra', id: 'other.test' } }, ORIGIN);
    await expect(verifyRegistration(otherRp, options.challenge)).rejects.toThrow(/RP ID/);
    const unverified = await authenticator.register(options, ORIGIN, { userVerified: false });
    await expect(verifyRegistration(unverified, options.challenge)).rejects.toThrow(/verif/);
  });

  it('refuses to register again where it holds an excluded credential', async () => {
    const { authenticator, stored } = await registered();
    const options = await registrationOptions([{ id: stored.id }]);
    await expect(authenticator.register(options, ORIGIN)).rejects.toMatchObject({ name: 'InvalidStateError' });
    const fresh = await softAuthenticator().register(options, ORIGIN);
    expect((await verifyRegistration(fresh, options.challenge)).verified).toBe(true);
  });
});

describe('authenticate', () => {
  it('signs a response the server verifies, the counter growing each time', async () => {
    const { authenticator, stored, userHandle } = await registered();
    let credential = stored;
    for (const expected of [1, 2, 3]) {
      const options = await signInOptions(credential);
      const response = await authenticator.authenticate(options, ORIGIN);
      const { verified, authenticationInfo } = await verifyAuthentication(response, options.challenge, credential);
      expect(verified).toBe(true);
      expect(authenticationInfo).toMatchObject({ credentialID: stored.id, newCounter: expected, userVerified: true });
      expect(response.response.userHandle).toBe(userHandle);
      credential = { ...credential, counter: authenticationInfo.newCounter };
    }
    expect(authenticator.credentials[0]!.signCount).toBe(3);
  });

  it('signs with a discoverable credential when no credential is named, returning its user handle', async () => {
    const { authenticator, stored, userHandle } = await registered();
    const options = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await authenticator.authenticate(options, ORIGIN);
    expect(response.id).toBe(stored.id);
    expect(response.response.userHandle).toBe(userHandle);
    expect((await verifyAuthentication(response, options.challenge, stored)).verified).toBe(true);
  });

  it('uses the credential the options name among several, or the one chosen', async () => {
    const { authenticator, stored: first } = await registered();
    const options = await registrationOptions();
    const { registrationInfo } = await verifyRegistration(await authenticator.register(options, ORIGIN), options.challenge);
    const second = registrationInfo!.credential;
    const named = await authenticator.authenticate(await signInOptions(second), ORIGIN);
    expect(named.id).toBe(second.id);
    const chosen = await authenticator.authenticate(await signInOptions(), ORIGIN, { credentialId: second.id });
    expect(chosen.id).toBe(second.id);
    expect((await authenticator.authenticate(await signInOptions(first), ORIGIN)).id).toBe(first.id);
  });

  it('has nothing to sign with for a credential it does not hold or another RP', async () => {
    const { authenticator, stored } = await registered();
    const { stored: elsewhere } = await registered();
    await expect(authenticator.authenticate(await signInOptions(elsewhere), ORIGIN)).rejects.toMatchObject({
      name: 'NotAllowedError',
    });
    const otherRp = { ...(await signInOptions(stored)), rpId: 'other.test' };
    await expect(authenticator.authenticate(otherRp, ORIGIN)).rejects.toMatchObject({ name: 'NotAllowedError' });
  });

  it('is refused by the server for another origin or challenge', async () => {
    const { authenticator, stored } = await registered();
    const options = await signInOptions(stored);
    const elsewhere = await authenticator.authenticate(options, 'https://evil.example');
    await expect(verifyAuthentication(elsewhere, options.challenge, stored)).rejects.toThrow(/origin/);
    const response = await authenticator.authenticate(options, ORIGIN);
    const otherChallenge = (await signInOptions(stored)).challenge;
    await expect(verifyAuthentication(response, otherChallenge, stored)).rejects.toThrow(/challenge/);
  });

  it('is refused by the server when the counter does not grow (a replayed or cloned authenticator)', async () => {
    const { authenticator, stored } = await registered();
    const options = await signInOptions(stored);
    const { authenticationInfo } = await verifyAuthentication(await authenticator.authenticate(options, ORIGIN), options.challenge, stored);
    const afterFirst = { ...stored, counter: authenticationInfo.newCounter };
    const again = await signInOptions(afterFirst);
    const replayed = await authenticator.authenticate(again, ORIGIN, { signCount: afterFirst.counter });
    await expect(verifyAuthentication(replayed, again.challenge, afterFirst)).rejects.toThrow(/counter/);
    expect(authenticator.credentials[0]!.signCount).toBe(1); // the override left the stored counter alone
  });

  it('is refused by the server with a changed signature or without user verification', async () => {
    const { authenticator, stored } = await registered();
    const options = await signInOptions(stored);
    const response = await authenticator.authenticate(options, ORIGIN);
    const signature = Buffer.from(response.response.signature, 'base64url');
    signature[signature.length - 1] ^= 0x01;
    const forged = { ...response, response: { ...response.response, signature: signature.toString('base64url') } };
    const result = await verifyAuthentication(forged, options.challenge, stored).catch((error: Error) => error);
    expect(result instanceof Error || result.verified === false).toBe(true);
    const unverified = await authenticator.authenticate(options, ORIGIN, { userVerified: false });
    await expect(verifyAuthentication(unverified, options.challenge, stored)).rejects.toThrow(/verif/);
  });
});
