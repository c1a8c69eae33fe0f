// Pause, resume and renew from the account: pause a published ad; resume a paused one while its listing lasts;
// renew a free listing that has expired or is in its last days (core/own-ads/renewal.ts), with the identity
// verified: 30 more days, published (its content was already approved).
import type { Knex } from 'knex';
import { moveOwnAd, ownAdStanding } from '#db/queries/advertiser-ads.ts';
import { verificationStatusOf } from '#db/queries/advertiser-verification.ts';
import type { AdState } from '#shared/catalogue.ts';
import { isRenewable, renewedUntil } from './renewal.ts';

export type OwnAdAction = 'pause' | 'resume' | 'renew';

export async function changeOwnAd(
  db: Knex,
  advertiserId: number,
  adId: number,
  action: OwnAdAction,
  now = new Date(),
): Promise<'ok' | 'missing' | 'not_allowed' | 'expired'> {
  const ad = await ownAdStanding(db, advertiserId, adId);
  if (!ad) return 'missing';
  const moved = (from: AdState[], to: AdState, expiresAt?: Date) => moveOwnAd(db, advertiserId, adId, { from, to, expiresAt }, now);
  if (action === 'pause') return (await moved(['published'], 'paused')) ? 'ok' : 'not_allowed';
  if (action === 'resume') {
    if (ad.state !== 'paused') return 'not_allowed';
    if ((ad.expiresAt?.getTime() ?? 0) <= now.getTime()) return 'expired';
    return (await moved(['paused'], 'published')) ? 'ok' : 'not_allowed';
  }
  if (!isRenewable(ad, now)) return 'not_allowed';
  if ((await verificationStatusOf(db, advertiserId)) !== 'verified') return 'not_allowed';
  // A paused ad renewed is published again, as an expired one is.
  return (await moved(['expired', 'published', 'paused'], 'published', renewedUntil(ad.expiresAt, now))) ? 'ok' : 'not_allowed';
}
