// A passkey authenticator in software, for tests that sign in with a passkey without a browser: it answers the
// options the server gives (as JSON, the way @simplewebauthn/browser passes them on) with the JSON a browser would
// send back, signed with real P-256 keys, so the server's own verification runs unchanged.
//
// Like a phone's platform authenticator it verifies the user (UV), keeps every credential discoverable, and attests
// nothing (fmt "none"). Unlike a browser it does not check that the origin belongs to the RP ID: tests present what
// a hostile client could send, and it is the server that must refuse it.
import crypto, { type KeyObject } from 'node:crypto';
import { cose, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** A credential the authenticator holds. */
export type SoftCredential = {
  /** Credential id, base64url (what the server stores and lists in allowCredentials). */
  id: string;
  rpId: string;
  /** The user.id of the registration options, base64url, returned as userHandle. */
  userHandle: string;
  privateKey: KeyObject;
  /** The COSE public key, as the server stores it. */
  publicKey: Uint8Array;
  /** The signature counter, increased on each authentication. */
  signCount: number;
};

/** Ways to answer as a faulty or hostile authenticator would. */
export type SoftAuthenticatorOverrides = {
  /** Report this counter instead of the next one (the stored counter stays): a cloned or replayed authenticator. */
  signCount?: number;
  /** False: report user presence without user verification (UV flag off). */
  userVerified?: boolean;
  /** Answer with this credential (base64url id), as a person choosing among their passkeys. */
  credentialId?: string;
};

const FLAG_UP = 0x01; // user present
const FLAG_UV = 0x04; // user verified
const FLAG_AT = 0x40; // attested credential data follows
// BE (0x08) and BS (0x10) stay off: a device-bound credential, not a synced one.
const AAGUID_NONE = Buffer.alloc(16);

const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** A DOMException-like error, named as a browser names it, so tests can tell the cases apart. */
function webauthnError(name: 'InvalidStateError' | 'NotAllowedError' | 'NotSupportedError', message: string): Error {
  const error = new Error(`${name}: ${message}`);
  error.name = name;
  return error;
}

/** The P-256 public key as a COSE_Key map (RFC 9053): kty EC2, alg ES256, crv P-256, x, y. */
function coseEc2PublicKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
    [cose.COSEKEYS.alg, cose.COSEALG.ES256],
    [cose.COSEKEYS.crv, cose.COSECRV.P256],
    [cose.COSEKEYS.x, Buffer.from(jwk.x!, 'base64url')],
    [cose.COSEKEYS.y, Buffer.from(jwk.y!, 'base64url')],
  ]);
  return isoCBOR.encode(key);
}

/**
 * authenticatorData of a registration: rpIdHash, flags, signCount 0, then the attested credential data (AAGUID,
 * credential id length and id, COSE public key).
 */
function attestedAuthData(rpId: string, flags: number, credentialId: Buffer, cosePublicKey: Uint8Array): Buffer {
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(0), AAGUID_NONE, idLength, credentialId, cosePublicKey]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The RP ID the options name, or else the origin's host, as a browser defaults it. */
const rpIdFor = (named: string | undefined, origin: string) => named ?? new URL(origin).hostname;

/** navigator.credentials.create(): a new ES256 key pair and credential, attested with fmt "none". */
async function register(
  credentials: SoftCredential[],
  options: PublicKeyCredentialCreationOptionsJSON,
  origin: string,
  overrides: Pick<SoftAuthenticatorOverrides, 'userVerified'> = {},
): Promise<RegistrationResponseJSON> {
  const rpId = rpIdFor(options.rp.id, origin);
  if (!options.pubKeyCredParams.some((param) => param.alg === cose.COSEALG.ES256)) {
    throw webauthnError('NotSupportedError', 'the options do not accept ES256');
  }
  const excluded = new Set((options.excludeCredentials ?? []).map((descriptor) => descriptor.id));
  if (credentials.some((held) => held.rpId === rpId && excluded.has(held.id))) {
    throw webauthnError('InvalidStateError', 'this authenticator already holds an excluded credential');
  }

  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = crypto.randomBytes(16);
  const cosePublicKey = coseEc2PublicKey(publicKey);
  const flags = FLAG_UP | FLAG_AT | (overrides.userVerified === false ? 0 : FLAG_UV);
  const authData = attestedAuthData(rpId, flags, credentialId, cosePublicKey);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<string, never>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, never>()],
      ['authData', authData],
    ]),
  );

  const credential: SoftCredential = {
    id: b64url(credentialId),
    rpId,
    userHandle: options.user.id,
    privateKey,
    publicKey: cosePublicKey,
    signCount: 0,
  };
  credentials.push(credential);
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      authenticatorData: b64url(authData),
      transports: ['internal'],
      publicKeyAlgorithm: cose.COSEALG.ES256,
      publicKey: b64url(publicKey.export({ format: 'der', type: 'spki' })),
    },
    // Every credential here is discoverable, which a browser reports when asked (generateRegistrationOptions asks).
    clientExtensionResults: options.extensions?.credProps ? { credProps: { rk: true } } : {},
  };
}

/**
 * navigator.credentials.get(): signs with a credential for the RP that allowCredentials names, or with any of the
 * RP's credentials when the list is empty or absent (a discoverable credential, the user picking their passkey).
 */
async function authenticate(
  credentials: SoftCredential[],
  options: PublicKeyCredentialRequestOptionsJSON,
  origin: string,
  overrides: SoftAuthenticatorOverrides = {},
): Promise<AuthenticationResponseJSON> {
  const rpId = rpIdFor(options.rpId, origin);
  const allowed = new Set((options.allowCredentials ?? []).map((descriptor) => descriptor.id));
  const usable = credentials.filter(
    (held) =>
      held.rpId === rpId &&
      (allowed.size === 0 || allowed.has(held.id)) &&
      (overrides.credentialId === undefined || held.id === overrides.credentialId),
  );
  const credential = usable[0];
  if (!credential) throw webauthnError('NotAllowedError', `no credential for ${rpId} among those allowed`);

  const signCount = overrides.signCount ?? ++credential.signCount;
  const flags = FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV);
  const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(signCount)]);
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  // ECDSA with SHA-256 over authenticatorData || SHA-256(clientDataJSON); node:crypto signs EC keys in DER.
  const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
  };
}

export type SoftAuthenticator = {
  /** The credentials it holds, in the order registered; changing one (its signCount) changes what it answers. */
  credentials: SoftCredential[];
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    origin: string,
    overrides?: Pick<SoftAuthenticatorOverrides, 'userVerified'>,
  ): Promise<RegistrationResponseJSON>;
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    overrides?: SoftAuthenticatorOverrides,
  ): Promise<AuthenticationResponseJSON>;
};

/** A new authenticator holding no credential. */
export function softAuthenticator(): SoftAuthenticator {
  const credentials: SoftCredential[] = [];
  return {
    credentials,
    register: (options, origin, overrides) => register(credentials, options, origin, overrides),
    authenticate: (options, origin, overrides) => authenticate(credentials, options, origin, overrides),
  };
}
