// Pause, resume and renew from the account: pause a published ad; resume a paused one while its listing lasts (a
// paid plan's time stood still meanwhile: shared/pause-extension.ts);
// renew a free listing that has expired or is in its last days (core/own-ads/renewal.ts), with the identity
// verified: 30 more days, published (its content was already approved).
import type { Knex } from 'knex';
import { moveOwnAd, ownAdStanding } from '#db/queries/advertiser-ads.ts';
import { verificationStatusOf } from '#db/queries/advertiser-verification.ts';
import type { AdState } from '#shared/catalogue.ts';
import { refuse } from '#core/refusals.ts';
import { resumeOwnAdRow } from '#db/queries/ad-pauses.ts';
import { resumedEnds } from '#shared/pause-extension.ts';
import { isRenewable, renewedUntil } from './renewal.ts';

export type OwnAdAction = 'pause' | 'resume' | 'renew';

export async function changeOwnAd(db: Knex, advertiserId: number, adId: number, action: OwnAdAction, now = new Date()): Promise<void> {
  const ad = await ownAdStanding(db, advertiserId, adId);
  if (!ad) throw refuse('own_ad_missing');
  const notAllowed = refuse(`${action}_not_allowed`);
  const move = async (from: AdState[], to: AdState, expiresAt?: Date) => {
    if (!(await moveOwnAd(db, advertiserId, adId, { from, to, expiresAt }, now))) throw notAllowed;
  };
  if (action === 'pause') return move(['published'], 'paused');
  if (action === 'resume') {
    // A paid plan's time stood still while paused: its end, and its listing's, move by the time paused.
    const outcome = await resumeOwnAdRow(
      db,
      advertiserId,
      adId,
      (paused) => {
        const ends = resumedEnds(paused, now);
        return (ends.expiresAt?.getTime() ?? 0) <= now.getTime() ? null : ends;
      },
      now,
    );
    if (outcome === 'not_paused') throw notAllowed;
    if (outcome === 'expired') throw refuse('ad_expired_while_paused');
    return;
  }
  if (!isRenewable(ad, now)) throw notAllowed;
  if ((await verificationStatusOf(db, advertiserId)) !== 'verified') throw notAllowed;
  // A paused ad renewed is published again, as an expired one is.
  return move(['expired', 'published', 'paused'], 'published', renewedUntil(ad.expiresAt, now));
}
