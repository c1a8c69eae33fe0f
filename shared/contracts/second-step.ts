// The second step of signing in and the "Seguridad" settings, for staff (/api/admin) and advertisers
// (/api/advertiser) alike (docs/decisions/069-second-step.md). Passkey options and responses are WebAuthn's JSON
// forms, as @simplewebauthn/browser makes and reads them.

/** What a sign-in answer says comes next. A pending step lives in an HttpOnly cookie for 10 minutes. */
export type SignInNext =
  | { next: 'done' }
  /** The password was right; a passkey, an app code or a recovery code of this account finishes the sign-in. */
  | { next: 'second-step'; methods: SecondStepMethods }
  /** Staff without a factor: set one up now (POST …/login/setup/…) before reaching the panel. */
  | { next: 'setup' };

export interface SecondStepMethods {
  passkey: boolean;
  totp: boolean;
  recovery: boolean;
}

/** The answer that finishes a sign-in or adds a factor; `recoveryCodes` when new ones were made (shown once). */
export interface FactorAdded {
  next: 'done';
  recoveryCodes?: string[];
}

/** An authenticator app being set up: the secret (to type), its otpauth:// address and that address as a QR code. */
export interface TotpSetup {
  secret: string;
  uri: string;
  /** An inline SVG (role="img" with its label), made on the server. */
  qrSvg: string;
}

export interface PasskeyListing {
  id: number;
  /** "Chrome en Android": the browser that created it. */
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SessionListing {
  id: string;
  device: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session of this browser. */
  current: boolean;
}

/** GET …/security. */
export interface SecurityOverview {
  passkeys: PasskeyListing[];
  totp: boolean;
  recoveryCodesLeft: number;
  /** Whether password sign-ins ask for a second step (always for staff; advertisers choose). */
  secondStep: boolean;
  /** Staff: a second step is required, so the last factor cannot be removed. */
  secondStepRequired: boolean;
  sessions: SessionListing[];
}

/** Minutes a sign-in stays recent enough to remove a factor or make new recovery codes. */
export const RECENT_SIGN_IN_MINUTES = 15;
