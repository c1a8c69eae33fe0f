import { BaseModel } from '#db/models/base-model.ts';

/** Whose factor, step or device a row is: staff and advertisers share these tables (decision 069). */
export type OwnerKind = 'staff' | 'advertiser';

/** A passkey (a WebAuthn credential): its public key and signature counter, named by its owner. */
export class Passkey extends BaseModel {
  static override tableName = 'passkeys';
  static override timestampColumns = ['createdAt', 'lastUsedAt'];

  declare id: number;
  declare ownerKind: OwnerKind;
  declare ownerId: number;
  declare credentialId: string;
  declare publicKey: string;
  declare signCount: number;
  declare transports: string | null;
  declare name: string;
  declare createdAt: Date;
  declare lastUsedAt: Date | null;
}

/** An authenticator app's shared secret (sealed) and the last step a code was accepted for. */
export class TotpFactor extends BaseModel {
  static override tableName = 'totp_factors';
  static override idColumn = ['owner_kind', 'owner_id'];
  static override timestampColumns = ['createdAt'];

  declare ownerKind: OwnerKind;
  declare ownerId: number;
  declare secretSealed: string;
  declare lastStep: number | null;
  declare createdAt: Date;
}

/** One recovery code's SHA-256, usable once. */
export class RecoveryCode extends BaseModel {
  static override tableName = 'recovery_codes';
  static override timestampColumns = ['createdAt', 'usedAt'];

  declare id: number;
  declare ownerKind: OwnerKind;
  declare ownerId: number;
  declare codeHash: string;
  declare createdAt: Date;
  declare usedAt: Date | null;
}

/** A step of a sign-in or of adding a factor, named by a cookie's token hash, for a few minutes. */
export class SignInStep extends BaseModel {
  static override tableName = 'sign_in_steps';
  static override idColumn = 'token_hash';
  static override timestampColumns = ['createdAt', 'expiresAt'];

  declare tokenHash: string;
  declare ownerKind: OwnerKind;
  declare ownerId: number | null;
  declare purpose: string;
  declare challenge: string | null;
  declare pendingSecretSealed: string | null;
  declare failures: number;
  declare createdAt: Date;
  declare expiresAt: Date;
}

/** A browser that signed in to an account: its random cookie's hash. */
export class KnownDevice extends BaseModel {
  static override tableName = 'known_devices';
  static override idColumn = ['owner_kind', 'owner_id', 'device_hash'];
  static override timestampColumns = ['createdAt', 'lastSeenAt'];

  declare ownerKind: OwnerKind;
  declare ownerId: number;
  declare deviceHash: string;
  declare createdAt: Date;
  declare lastSeenAt: Date;
}
