// An advertiser's rights over their data (Ley 25.326, ARCO): everything we keep about them as one JSON
// document, and deleting the account. Payments are billing records the law keeps for 10 years (privacy page):
// they stay, attached to an anonymised account; everything else goes.
import type { Knex } from 'knex';
import { adImageUrl } from '#shared/photo-urls.ts';
import { advertiserDailyCounts } from './ad-stats.ts';
import { advertiserCoverCounts } from './ad-cover-stats.ts';
import { checkInOf, endCheckIn } from './check-ins.ts';
import { MAX_CHECK_IN_EXTENSIONS } from '#shared/check-in.ts';
import { OPTIONAL_MAIL_KIND_VALUES, optionalMailLabel } from '#shared/mail-preferences.ts';
import { rateRows, ratesFromRows } from '#shared/rates.ts';
import { deleteSafetyAlertsOf, safetyAlertsForExport } from './safety-alerts.ts';
import { keysNotKeptAsEvidence } from './report-evidence.ts';
import { deleteSignInDataOf, signInDataForExport } from './second-step.ts';
import { identityDeletionBy } from '#shared/identity-retention.ts';
import {
  Ad,
  AdPhoto,
  Advertiser,
  AdvertiserSession,
  AdvertiserToken,
  AvailabilityWindow,
  IdentityDocument,
  MailOptOut,
  Payment,
  PhotoVerificationRequest,
  Report,
  ReportAnswer,
  VerificationRequest,
} from '#db/models/index.ts';

/** The address a deleted account is left with: it reaches nobody, and tells a deleted account from a live one. */
export const deletedAccountEmail = (advertiserId: number) => `cuenta-eliminada-${advertiserId}@velada.invalid`;

/** The account's ads, each with its rates, photos, daily counts and availability windows. */
async function adsForExport(db: Knex, advertiserId: number) {
  const ads = await Ad.query(db).where('advertiser_id', advertiserId).orderBy('id').withGraphFetched('[photos(inGalleryOrder), rates]');
  const statistics = await advertiserDailyCounts(db, advertiserId);
  const coverStatistics = await advertiserCoverCounts(db, advertiserId);
  // "Disponible ahora" and "Hoy no atiendo", kept 13 months (docs/decisions/032-available-now.md).
  const windows = await AvailabilityWindow.query(db)
    .whereIn(
      'ad_id',
      ads.map((a) => a.id),
    )
    .orderBy('starts_at')
    .orderBy('id');
  return ads.map((a) => ({
    id: a.id,
    title: a.title,
    description: a.description,
    category: a.category,
    barrio: a.barrio,
    phone: a.phone,
    // Each rate in pesos, by place and duration; the price per hour is the lowest 1-hour one.
    rates: rateRows(ratesFromRows(a.rates!)),
    pricePerHour: a.pricePerHour,
    state: a.state,
    stateReason: a.stateReason,
    plan: a.plan,
    publishedAt: a.publishedAt,
    expiresAt: a.expiresAt,
    createdAt: a.createdAt,
    photos: a.photos!.map((p) => adImageUrl(p.fileKey, 800)),
    // Counts only (appearances, views, contacts per day): nothing about who saw the ad is kept.
    dailyStatistics: statistics.filter((s) => s.adId === a.id).map(({ adId: _adId, ...day }) => day),
    // Appearances and views per day and cover photo; `cover` is null once that photo was deleted.
    coverStatistics: coverStatistics
      .filter((s) => s.adId === a.id)
      .map(({ adId: _adId, fileKey, ...day }) => ({ ...day, cover: fileKey === null ? null : adImageUrl(fileKey, 800) })),
    availabilityWindows: windows.filter((w) => w.adId === a.id).map((w) => ({ kind: w.kind, startsAt: w.startsAt, endsAt: w.endsAt })),
  }));
}

async function photoVerificationsForExport(db: Knex, advertiserId: number) {
  const photoVerifications = await PhotoVerificationRequest.query(db)
    .where('advertiser_id', advertiserId)
    .orderBy('id')
    .withGraphFetched('checks(inOrder)');
  return photoVerifications.map((r) => ({
    adId: r.adId,
    gesture: r.gesture,
    status: r.status,
    requestedAt: r.requestedAt,
    submittedAt: r.submittedAt,
    decidedAt: r.decidedAt,
    selfiePurgedAt: r.selfiePurgedAt,
    // When the selfie is (or was due to be) deleted: docs/decisions/066-identity-retention-and-dni-masking.md.
    selfieDeletedBy: r.decidedAt && !r.selfiePurgedAt ? identityDeletionBy(r.decidedAt) : null,
    photos: r.checks!.map((c) => ({ position: c.position, verified: c.verified, reason: c.reason })),
  }));
}

/** What they answered to reports about their ads (never the report's details or who made it). */
/** What they answered to reports about their ads (never the report's details or who made it). */
async function reportAnswersForExport(db: Knex, advertiserId: number) {
  return (
    await ReportAnswer.query(db)
      .where('advertiser_id', advertiserId)
      .orderBy('created_at')
      .orderBy('id')
      .withGraphFetched('report(adOnly)')
      .modifiers({ adOnly: (q) => q.select('id', 'ad_id') })
  ).map((a) => ({ adId: a.report!.adId, answer: a.body, sentAt: a.createdAt.toISOString() }));
}

/** Every datum kept about the account, dates in ISO 8601, as the account's download gives it. */
export async function exportAdvertiserData(db: Knex, advertiserId: number) {
  const account = await Advertiser.query(db)
    .findById(advertiserId)
    .select(
      'email',
      'full_name',
      'dni',
      'birth_date',
      'verification_status',
      'verified_at',
      'email_confirmed_at',
      'second_step_at',
      'created_at',
    );
  const ads = await adsForExport(db, advertiserId);
  const requests = await VerificationRequest.query(db)
    .where('advertiser_id', advertiserId)
    .orderBy('id')
    .select(
      'method',
      'full_name',
      'birth_date',
      'dni',
      'tramite',
      'gender',
      'status',
      'reason',
      'submitted_at',
      'decided_at',
      'documents_purged_at',
    );
  // Decided and not yet deleted: by when the documents go (docs/decisions/066-identity-retention-and-dni-masking.md).
  const verifications = requests.map((r) => ({
    ...r.toJSON(),
    documentsDeletedBy: r.decidedAt && !r.documentsPurgedAt ? identityDeletionBy(r.decidedAt) : null,
  }));
  const photoVerifications = await photoVerificationsForExport(db, advertiserId);
  const payments = await Payment.query(db)
    .where('advertiser_id', advertiserId)
    .orderBy('id')
    .select(
      'amount',
      'description',
      'plan',
      'kind',
      'payment_method',
      'status',
      'reference',
      'price_note',
      'plan_until',
      'created_at',
      'processed_at',
    );
  const optOuts = await MailOptOut.query(db).where('advertiser_id', advertiserId).select('kind', 'created_at');
  const safetyAlerts = await safetyAlertsForExport(db, advertiserId);
  const running = await checkInOf(db, advertiserId);
  const reportAnswers = await reportAnswersForExport(db, advertiserId);
  return {
    generatedAt: new Date().toISOString(),
    account,
    ads,
    // Identity documents are not included: they are deleted IDENTITY_RETENTION_DAYS after the decision, and never sent by mail or download.
    verifications,
    // "Fotos reales" checks: their state and dates, each photo's result; never the selfie itself.
    photoVerifications,
    payments,
    // Safety alerts this account filed (decision 040); the numbers are not kept, so they are not here either.
    safetyAlerts,
    reportAnswers,
    // Passkeys (named by the browser that made them), the authenticator app, recovery codes left, and every change of
    // them (decision 069); never a secret, a code or a key.
    signIn: await signInDataForExport(db, advertiserId),
    // Every optional kind with whether it is on; off since when (shared/mail-preferences.ts).
    mailPreferences: OPTIONAL_MAIL_KIND_VALUES.map((kind) => {
      const off = optOuts.find((o) => o.kind === kind);
      return { kind, label: optionalMailLabel(kind), on: !off, offSince: off?.createdAt ?? null };
    }),
    // The check-in timer running now, if any: nothing of an ended one is kept (decision 041).
    checkIn: running && {
      contactEmail: running.contactEmail,
      shownName: running.shownName,
      message: running.message,
      startedAt: running.startedAt.toISOString(),
      dueAt: running.dueAt.toISOString(),
      extensionsLeft: Math.max(0, MAX_CHECK_IN_EXTENSIONS - running.extensions),
    },
  };
}

/**
 * Anonymises the account and deletes its ads, photos, identity documents (photo verification selfies among them) and
 * receipts. Returns the files to delete: not the photos a report keeps as evidence or preserved for the authorities
 * (report-evidence.ts), whose copies outlive the account (report-preservation.ts). The account's answers to reports
 * go too, except those of a preserved report.
 */
export async function deleteAdvertiserAccount(
  db: Knex,
  advertiserId: number,
  now = new Date(),
): Promise<{ photoKeys: string[]; documentKeys: string[]; receiptKeys: string[] }> {
  return db.transaction(async (trx) => {
    // A write first (SQLite locks on it): the account stops being usable before anything else is read.
    await Advertiser.query(trx)
      .findById(advertiserId)
      .patch({
        email: deletedAccountEmail(advertiserId),
        fullName: 'Cuenta eliminada',
        passwordHash: null,
        dni: null,
        birthDate: null,
        verificationStatus: 'unverified',
        verifiedAt: null,
        emailConfirmedAt: null,
        secondStepAt: null,
        updatedAt: now,
      });
    const ownAds = Ad.query(trx).where('advertiser_id', advertiserId).select('id');
    const photoKeys = await keysNotKeptAsEvidence(
      trx,
      (await AdPhoto.query(trx).whereIn('ad_id', ownAds).select('file_key')).map((p) => p.fileKey),
    );
    const ownRequests = VerificationRequest.query(trx).where('advertiser_id', advertiserId).select('id');
    const documentKeys = (await IdentityDocument.query(trx).whereIn('request_id', ownRequests).select('file_key')).map((d) => d.fileKey);
    // Selfies are sealed under identity/ like documents; their rows go with the ads and the account.
    const selfieKeys = (
      await PhotoVerificationRequest.query(trx).where('advertiser_id', advertiserId).whereNotNull('selfie_key').select('selfie_key')
    ).map((r) => r.selfieKey!);
    // Payments point at ads with ON DELETE SET NULL: the billing record stays; one still waiting can no longer be paid.
    // Transfer receipts (the payer's bank data) go with the account.
    const ownPayments = () => Payment.query(trx).where('advertiser_id', advertiserId);
    await ownPayments().where('status', 'pending').patch({ status: 'cancelled', processedAt: now, notes: 'Cuenta eliminada' });
    const receiptKeys = (await ownPayments().whereNotNull('receipt_key').select('receipt_key')).map((p) => p.receiptKey!);
    await ownPayments().patch({ receiptKey: null, receiptType: null });
    await Ad.query(trx).where('advertiser_id', advertiserId).delete();
    await VerificationRequest.query(trx).where('advertiser_id', advertiserId).delete();
    await AdvertiserSession.query(trx).where('advertiser_id', advertiserId).delete();
    await AdvertiserToken.query(trx).where('advertiser_id', advertiserId).delete();
    await MailOptOut.query(trx).where('advertiser_id', advertiserId).delete();
    // Passkeys, the authenticator app, recovery codes, steps under way and remembered browsers (decision 069).
    await deleteSignInDataOf(trx, { kind: 'advertiser', id: advertiserId });
    // Their safety alerts go too: staff could no longer ask the reporter about them (decision 040).
    await deleteSafetyAlertsOf(trx, advertiserId);
    // A running check-in timer ends with the account, unsent (decision 041).
    await endCheckIn(trx, advertiserId);
    await ReportAnswer.query(trx)
      .where('advertiser_id', advertiserId)
      .whereIn('report_id', Report.query(trx).whereNull('preserved_at').select('id'))
      .delete();
    return { photoKeys, documentKeys: [...documentKeys, ...selfieKeys], receiptKeys };
  });
}
