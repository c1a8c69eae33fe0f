// What the reminder before a "Fotos reales" badge ends reads (docs/decisions/067-photo-trust.md): the ads whose check
// ends within PHOTOS_REMINDER_DAYS days, of advertisers who did not turn expiry notices off, not reminded yet for
// that end. The reminder is recorded in ad_mail_notices (kind 'photos_expiring', ends_at = the badge's end) with the
// listing notices' claim and release (db/queries/ad-mail.ts): a new check has a new end, hence a new reminder.
import type { Knex } from 'knex';
import { Ad } from '#db/models/index.ts';
import { addDays } from '#shared/plans.ts';
import { PHOTO_VERIFIABLE_STATES, PHOTOS_REMINDER_DAYS, PHOTOS_VERIFIED_DAYS, photosVerifiedUntil } from '#shared/photo-verification.ts';
import type { AdMailRecipient } from './ad-mail.ts';

export const PHOTOS_EXPIRING_NOTICE = 'photos_expiring';

export interface PhotoBadgeReminder extends AdMailRecipient {
  /** When the badge ends: PHOTOS_VERIFIED_DAYS days after the oldest check. */
  endsAt: Date;
}

export async function duePhotoBadgeReminders(db: Knex, now: Date): Promise<PhotoBadgeReminder[]> {
  const ads = await Ad.query(db)
    .withGraphJoined('advertiser(signedIn)')
    .where('ads.photos_verified', true)
    .whereIn('ads.state', [...PHOTO_VERIFIABLE_STATES])
    .where('ads.photos_verified_at', '<=', addDays(now, PHOTOS_REMINDER_DAYS - PHOTOS_VERIFIED_DAYS))
    .where('ads.photos_verified_at', '>', addDays(now, -PHOTOS_VERIFIED_DAYS))
    .whereNotExists((q) =>
      q.select(db.raw('1')).from('mail_opt_outs as o').whereRaw('o.advertiser_id = ads.advertiser_id').where('o.kind', 'ad_expiry'),
    )
    .select('ads.id', 'ads.title', 'ads.photos_verified_at')
    .orderBy('ads.id');
  if (!ads.length) return [];
  const sent: { ad_id: number; ends_at: Date | string | number }[] = await db('ad_mail_notices')
    .whereIn(
      'ad_id',
      ads.map((a) => a.id),
    )
    .where('kind', PHOTOS_EXPIRING_NOTICE)
    .select('ad_id', 'ends_at');
  const done = new Set(sent.map((n) => `${Number(n.ad_id)}:${new Date(n.ends_at).getTime()}`));
  return ads
    .map((ad) => ({
      adId: ad.id,
      title: ad.title,
      endsAt: photosVerifiedUntil(ad.photosVerifiedAt!),
      advertiserId: ad.advertiser!.id,
      email: ad.advertiser!.email,
      fullName: ad.advertiser!.fullName,
    }))
    .filter((r) => !done.has(`${r.adId}:${r.endsAt.getTime()}`));
}
