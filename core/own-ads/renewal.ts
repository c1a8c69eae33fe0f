// When a free listing may be renewed by its owner (decision 010): once it has expired, or in its last days.
import type { AdState, Plan } from '#shared/catalogue.ts';

/** Free listings can be renewed from this many days before they end. */
export const RENEW_WINDOW_DAYS = 5;
/** A renewal gives a free listing this many more days, from its end or from now if it has ended. */
export const RENEWAL_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether the ad's listing may be renewed at `now` (the account must also be verified: core/own-ads/change-own-ad.ts). */
export function isRenewable(ad: { state: AdState; plan: Plan; expiresAt: Date | null }, now: Date): boolean {
  if (ad.plan !== 'gratuito') return false;
  if (ad.state === 'expired') return true;
  const endsAt = ad.expiresAt?.getTime() ?? 0;
  return (ad.state === 'published' || ad.state === 'paused') && endsAt - now.getTime() <= RENEW_WINDOW_DAYS * DAY_MS;
}

/** The listing's new end after a renewal. */
export function renewedUntil(expiresAt: Date | null, now: Date): Date {
  return new Date(Math.max(now.getTime(), expiresAt?.getTime() ?? 0) + RENEWAL_DAYS * DAY_MS);
}
