// The advertiser's account over the wire (/api/advertiser/register, /me): built by core/accounts/present-account.ts.
import type { Done } from '#shared/contracts/answers.ts';
import type { VerificationStatus } from '#shared/contracts/staff/verification.ts';

/** POST /api/advertiser/register: the address the confirmation link went to, as the account keeps it. */
export interface Registered extends Done {
  email: string;
}

/** GET /api/advertiser/me: who is signed in. */
export interface OwnAccountView {
  advertiser: { email: string; fullName: string; verificationStatus: VerificationStatus };
}
