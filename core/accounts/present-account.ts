// What the account routes answer (shared/contracts/advertiser/account.ts).
import type { OwnAccountView, Registered } from '#shared/contracts/advertiser/account.ts';
import type { SignedInAdvertiser } from '#core/sessions/sessions.ts';

export const registered = (email: string): Registered => ({ success: true, email });

export const presentOwnAccount = (a: SignedInAdvertiser): OwnAccountView => ({
  advertiser: { email: a.email, fullName: a.fullName, verificationStatus: a.verificationStatus },
});
