// "Fotos reales" over time (docs/decisions/067-photo-trust.md): staff's decision on a check is mailed to the owner,
// a badge whose check is PHOTOS_VERIFIED_DAYS days old ends (the hourly job), and its owner is reminded
// PHOTOS_REMINDER_DAYS days before, once per check. Mail follows decision 035: after the commit, never undoing it;
// the reminder is recorded before it is sent, and forgotten again when the send fails so the next run tries again.
import { mailFailure } from '#core/mail/mail.ts';
import { sendAdMail, type NoticeDeps } from '#core/own-ads/notices.ts';
import { adMailRecipient, claimExpiryNotice, releaseExpiryNotice } from '#db/queries/ad-mail.ts';
import { endExpiredPhotoBadges } from '#db/queries/photos-verified.ts';
import { duePhotoBadgeReminders, PHOTOS_EXPIRING_NOTICE } from '#db/queries/photo-badge-mail.ts';
import { photosVerifiedUntil } from '#shared/photo-verification.ts';
import { photosApprovedMail, photosExpiringMail, photosRejectedMail } from './mails.ts';

const checkPage = (deps: NoticeDeps, adId: number) => `${deps.siteOrigin}/mi-cuenta/anuncios/${adId}/verificar-fotos`;

export type PhotoDecision =
  { status: 'approved'; decidedAt: Date } | { status: 'rejected'; refusedPhotos: { position: number; reason: string | null }[] };

/**
 * Mails the owner staff's decision on a check, after it committed; never throws. Always sent (not an optional kind):
 * it answers what the advertiser asked for, and a refusal says what to change.
 */
export async function mailPhotoDecision(deps: NoticeDeps, adId: number, decision: PhotoDecision): Promise<void> {
  try {
    const ad = await adMailRecipient(deps.db, adId);
    if (!ad) return;
    const data = { fullName: ad.fullName, adId: ad.adId, title: ad.title, link: checkPage(deps, adId) };
    const mail =
      decision.status === 'approved'
        ? photosApprovedMail(ad.email, { ...data, until: photosVerifiedUntil(decision.decidedAt) })
        : photosRejectedMail(ad.email, { ...data, refused: decision.refusedPhotos });
    await sendAdMail(deps, mail, ad.advertiserId, undefined);
  } catch (err) {
    console.error(`Ad ${adId}: the photo check mail to its advertiser failed (${mailFailure(err)}).`);
  }
}

/**
 * The hourly job: ends the badges whose check got too old, then reminds the owners of those ending within
 * PHOTOS_REMINDER_DAYS days (of the optional kind 'ad_expiry'). A send that fails stops the run (the transport is
 * likely down for all); its reminder is tried again by the next run.
 */
export async function runPhotoBadgeJob(deps: NoticeDeps, now = new Date()): Promise<{ ended: number; reminded: number; failed: number }> {
  const result = { ended: await endExpiredPhotoBadges(deps.db, now), reminded: 0, failed: 0 };
  for (const due of await duePhotoBadgeReminders(deps.db, now)) {
    const notice = { adId: due.adId, kind: PHOTOS_EXPIRING_NOTICE, endsAt: due.endsAt } as const;
    if (!(await claimExpiryNotice(deps.db, notice, now))) continue;
    const mail = photosExpiringMail(due.email, {
      fullName: due.fullName,
      adId: due.adId,
      title: due.title,
      link: checkPage(deps, due.adId),
      until: due.endsAt,
    });
    try {
      await sendAdMail(deps, mail, due.advertiserId, 'ad_expiry');
      result.reminded += 1;
    } catch (err) {
      await releaseExpiryNotice(deps.db, notice);
      console.error(`Ad ${due.adId}: the "Fotos reales" reminder failed (${mailFailure(err)}); the next run tries again.`);
      result.failed += 1;
      break;
    }
  }
  return result;
}
