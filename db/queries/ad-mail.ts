// What the mail to advertisers about their ads reads (docs/decisions/035-advertiser-mail.md): who owns an ad, and
// which listings are about to end or just ended and were not mailed about yet. ad_mail_notices records each notice
// about one listing end, so the job that sends them (every 5 minutes, retried after a failure) sends each once.
import type { Knex } from 'knex';
import { isUniqueViolation } from '#db/dialect.ts';
import { Ad } from '#db/models/index.ts';
import { addDays } from '#shared/plans.ts';

/** The reminder goes this many days before a listing ends (inside the 5 days in which a free listing is renewed). */
export const EXPIRY_REMINDER_DAYS = 3;
/**
 * Listings that ended longer ago than this get no "expired" notice: the first run after the feature lands, or after
 * an outage, does not mail old news.
 */
export const EXPIRED_NOTICE_DAYS = 2;

export type ExpiryNoticeKind = 'expiring' | 'expired';

export interface AdMailRecipient {
  adId: number;
  title: string;
  advertiserId: number;
  email: string;
  fullName: string;
}

/** An ad's title and listing end and its owner's address and name, for a mail about it; null when the ad is gone. */
export async function adMailRecipient(db: Knex, adId: number): Promise<(AdMailRecipient & { expiresAt: Date | null }) | null> {
  const ad = await Ad.query(db).findById(adId).withGraphJoined('advertiser(signedIn)').select('ads.id', 'ads.title', 'ads.expires_at');
  if (!ad) return null;
  const { advertiser } = ad;
  return {
    adId: ad.id,
    title: ad.title,
    expiresAt: ad.expiresAt,
    advertiserId: advertiser!.id,
    email: advertiser!.email,
    fullName: advertiser!.fullName,
  };
}

export interface ExpiryNotice extends AdMailRecipient {
  kind: ExpiryNoticeKind;
  /** The listing end the notice is about (ads.expires_at). */
  endsAt: Date;
}

/**
 * Listings ending within EXPIRY_REMINDER_DAYS (published or paused: a held ad's time stands still) and listings
 * that expired within EXPIRED_NOTICE_DAYS, each not yet noticed for that end, of advertisers who did not turn
 * these notices off.
 */
export async function dueExpiryNotices(db: Knex, now: Date): Promise<ExpiryNotice[]> {
  const due = (kind: ExpiryNoticeKind) =>
    Ad.query(db)
      .withGraphJoined('advertiser(signedIn)')
      .whereNotExists((q) =>
        q
          .select(db.raw('1'))
          .from('ad_mail_notices as n')
          .whereRaw('n.ad_id = ads.id and n.ends_at = ads.expires_at')
          .where('n.kind', kind),
      )
      .whereNotExists((q) =>
        q.select(db.raw('1')).from('mail_opt_outs as o').whereRaw('o.advertiser_id = ads.advertiser_id').where('o.kind', 'ad_expiry'),
      )
      .select('ads.id', 'ads.title', 'ads.expires_at')
      .orderBy('ads.id');
  const expiring = await due('expiring')
    .whereIn('ads.state', ['published', 'paused'])
    .where('ads.expires_at', '>', now)
    .where('ads.expires_at', '<=', addDays(now, EXPIRY_REMINDER_DAYS));
  const expired = await due('expired')
    .where('ads.state', 'expired')
    .where('ads.expires_at', '<=', now)
    .where('ads.expires_at', '>', addDays(now, -EXPIRED_NOTICE_DAYS));
  const notice = (kind: ExpiryNoticeKind) => (ad: Ad) => ({
    kind,
    adId: ad.id,
    title: ad.title,
    endsAt: ad.expiresAt!,
    advertiserId: ad.advertiser!.id,
    email: ad.advertiser!.email,
    fullName: ad.advertiser!.fullName,
  });
  return [...expiring.map(notice('expiring')), ...expired.map(notice('expired'))];
}

/** A notice about one end: a listing's, or a "Fotos reales" badge's (db/queries/photo-badge-mail.ts). */
type NoticeKey = { adId: number; kind: ExpiryNoticeKind | 'photos_expiring'; endsAt: Date };

/**
 * Records a notice before it is sent: true for the one caller that recorded it (a second run, or a retry that
 * overlaps, gets false and sends nothing).
 */
export async function claimExpiryNotice(db: Knex, notice: NoticeKey, now: Date): Promise<boolean> {
  try {
    await db('ad_mail_notices').insert({ ad_id: notice.adId, kind: notice.kind, ends_at: notice.endsAt, sent_at: now });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Forgets a claimed notice whose mail could not be sent, so that the next run tries again. */
export async function releaseExpiryNotice(db: Knex, notice: NoticeKey): Promise<void> {
  await db('ad_mail_notices').where({ ad_id: notice.adId, kind: notice.kind, ends_at: notice.endsAt }).delete();
}
