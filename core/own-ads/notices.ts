// Sends the mail about an advertiser's ads (decision 035): after a staff decision, a report that hid the ad or the
// dismissal that brought it back, once its transaction committed, and the expiry notices from the plan job. A kind the advertiser turned off is not sent.
// Mail never undoes what happened: a failure is logged (the ad's code and the transport's error code, never the
// address) and the change stands; an expiry notice that failed is sent again by the next run.
import type { Knex } from 'knex';
import { mailFailure, type Mail, type Mailer } from '#core/mail/mail.ts';
import { withPreferencesLink } from '#core/mail-preferences/mail-footer.ts';
import { adMailRecipient, claimExpiryNotice, dueExpiryNotices, releaseExpiryNotice, type AdMailRecipient } from '#db/queries/ad-mail.ts';
import { wantsMail } from '#core/mail-preferences/mail-preferences.ts';
import type { OptionalMailKind } from '#shared/mail-preferences.ts';
import type { ReportReason } from '#shared/report-reasons.ts';
import { adApprovedMail, adExpiredMail, adExpiringMail, adRejectedMail, adRemovedMail } from './mails.ts';
import { adHeldMail, adReleasedMail } from '#core/own-ads/held-mail.ts';

export interface NoticeDeps {
  db: Knex;
  mailer: Mailer;
  siteOrigin: string;
}

export type AdEvent =
  | { kind: 'approved' }
  | { kind: 'rejected' | 'removed'; reason: string }
  | { kind: 'held'; reportReason: ReportReason }
  | { kind: 'released' };

const ACCOUNT_PATH = '/mi-cuenta';
const CONTACT_PATH = '/contacto?tema=soporte';

/** The optional kind an event's mail belongs to; undefined for mail that is always sent. */
const OPTIONAL_KIND: Partial<Record<AdEvent['kind'] | 'expiring' | 'expired', OptionalMailKind>> = {
  approved: 'ad_published',
  expiring: 'ad_expiry',
  expired: 'ad_expiry',
};

function buildMail(deps: NoticeDeps, ad: AdMailRecipient & { expiresAt: Date | null }, event: AdEvent): Mail {
  const base = { fullName: ad.fullName, adId: ad.adId, title: ad.title, link: `${deps.siteOrigin}${ACCOUNT_PATH}` };
  const contactLink = `${deps.siteOrigin}${CONTACT_PATH}`;
  switch (event.kind) {
    case 'approved':
      return adApprovedMail(ad.email, { ...base, until: ad.expiresAt });
    case 'rejected':
      // Straight to the form: a rejected ad is fixed and sent again.
      return adRejectedMail(ad.email, { ...base, link: `${deps.siteOrigin}${ACCOUNT_PATH}/anuncios/${ad.adId}`, reason: event.reason });
    case 'removed':
      return adRemovedMail(ad.email, { ...base, reason: event.reason, contactLink });
    case 'held':
      return adHeldMail(ad.email, {
        ...base,
        id: ad.adId,
        reason: event.reportReason,
        answerLink: `${deps.siteOrigin}${ACCOUNT_PATH}/anuncios/${ad.adId}/revision`,
      });
    case 'released':
      // Always sent, like the hold it ends (decision 035): the advertiser was told the ad was hidden.
      return adReleasedMail(ad.email, { ...base, id: ad.adId });
  }
}

/** Sends a mail about an ad with its link to mail preferences (and one-click unsubscribe for an optional kind). */
export async function sendAdMail(deps: NoticeDeps, mail: Mail, advertiserId: number, kind: OptionalMailKind | undefined): Promise<void> {
  await deps.mailer.send(await withPreferencesLink(deps.db, mail, { advertiserId, siteOrigin: deps.siteOrigin, kind }));
}

/**
 * Mails the owner of an ad about what staff or a report did to it. Call it after the change committed; it never
 * throws, so a mail that fails cannot turn a done action into an error.
 */
export async function mailAdOwner(deps: NoticeDeps, adId: number, event: AdEvent): Promise<void> {
  try {
    const ad = await adMailRecipient(deps.db, adId);
    if (!ad) return;
    const kind = OPTIONAL_KIND[event.kind];
    if (kind && !(await wantsMail(deps.db, ad.advertiserId, kind))) return;
    await sendAdMail(deps, buildMail(deps, ad, event), ad.advertiserId, kind);
  } catch (err) {
    console.error(`Ad ${adId}: the '${event.kind}' mail to its advertiser failed (${mailFailure(err)}).`);
  }
}

/**
 * The reminders before listings end and the notices that they ended (api/jobs.ts, every 5 minutes, once across
 * processes), to advertisers who did not turn them off (dueExpiryNotices leaves those out). Each notice is recorded before it is sent, so repeated or overlapping runs send it once; one that
 * fails is forgotten again for the next run, and the run stops there (the transport is likely down for all).
 */
export async function mailExpiryNotices(deps: NoticeDeps, now = new Date()): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  for (const notice of await dueExpiryNotices(deps.db, now)) {
    if (!(await claimExpiryNotice(deps.db, notice, now))) continue;
    const data = {
      fullName: notice.fullName,
      adId: notice.adId,
      title: notice.title,
      endsAt: notice.endsAt,
      link: `${deps.siteOrigin}${ACCOUNT_PATH}`,
    };
    const mail = notice.kind === 'expiring' ? adExpiringMail(notice.email, data) : adExpiredMail(notice.email, data);
    try {
      await sendAdMail(deps, mail, notice.advertiserId, 'ad_expiry');
      result.sent += 1;
    } catch (err) {
      await releaseExpiryNotice(deps.db, notice);
      console.error(`Ad ${notice.adId}: the '${notice.kind}' notice failed (${mailFailure(err)}); the next run tries again.`);
      result.failed += 1;
      break;
    }
  }
  return result;
}
