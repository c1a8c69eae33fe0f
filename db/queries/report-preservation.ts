// Preserving a report for the authorities (docs/escalation.md, decision 044). A report of a possible minor or of
// trafficking may be evidence of a crime: staff "preserve" it, and from then on the report, a full copy of the ad
// row and of its advertiser's identifying data as they were at that moment, the ad's photos of that moment and the
// report's own evidence are kept beyond every deletion (the advertiser deleting the ad or the account, staff
// dismissing the report, the orphan-file job) until staff release the preservation. Both are audited by the
// routes (`act`). The package staff hand over is read by preservedPackage.
import type { Knex } from 'knex';
import { Ad, AdPhoto, Advertiser, Report, type PreservedCopy } from '#db/models/index.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { reportReasonLabel, type ReportReason } from '#shared/report-reasons.ts';
import { deletedAccountEmail } from './advertiser-data.ts';
import { answersOf } from './reports.ts';

/** Copies the ad, its advertiser and its photos into the report and keeps them; 'preserved' if it already was. */
export async function preserveReport(
  db: Knex,
  reportId: number,
  adminId: number,
  now = new Date(),
): Promise<'ok' | 'missing' | 'preserved'> {
  return db.transaction(async (trx) => {
    // The write first: on SQLite it takes the lock, so two staff preserving at once cannot both pass.
    const claimed = await Report.query(trx).findById(reportId).whereNull('preserved_at').patch({ preservedAt: now, preservedBy: adminId });
    if (!claimed) return (await Report.query(trx).findById(reportId).select('id')) ? 'preserved' : 'missing';
    const report = (await Report.query(trx).findById(reportId).select('ad_id', 'ad_snapshot'))!;
    const ad = report.adId ? await Ad.query(trx).findById(report.adId) : undefined;
    const advertiserId = ad?.advertiserId ?? report.adSnapshot?.advertiserId;
    const advertiser = advertiserId
      ? await Advertiser.query(trx)
          .findById(advertiserId)
          .select('id', 'full_name', 'email', 'dni', 'birth_date', 'verification_status', 'created_at')
      : undefined;
    const photoKeys = ad
      ? (await AdPhoto.query(trx).where('ad_id', ad.id).orderBy('position').select('file_key')).map((p) => p.fileKey)
      : [];
    const copy: PreservedCopy = {
      // Every column of the row, dates as ISO text.
      ad: ad ? (JSON.parse(JSON.stringify(ad.toJSON())) as Record<string, unknown>) : null,
      advertiser: advertiser
        ? {
            id: advertiser.id,
            fullName: advertiser.fullName,
            email: advertiser.email,
            dni: advertiser.dni,
            birthDate: advertiser.birthDate,
            verificationStatus: advertiser.verificationStatus,
            createdAt: advertiser.createdAt.toISOString(),
          }
        : null,
      photoKeys,
    };
    if (photoKeys.length) await trx('report_preserved_files').insert(photoKeys.map((file_key) => ({ report_id: reportId, file_key })));
    await Report.query(trx).findById(reportId).patch({ preservedCopy: copy });
    return 'ok';
  });
}

/**
 * Ends a preservation: the copy and the files it kept go back to the ordinary rules (a dismissed report keeps no
 * evidence; files nothing else names are removed by the orphan-file job), and so do the answers of an account that
 * was deleted meanwhile. The report itself stays, as every report does.
 */
export async function releasePreservation(db: Knex, reportId: number): Promise<'ok' | 'missing' | 'not_preserved'> {
  return db.transaction(async (trx) => {
    const report = await Report.query(trx).findById(reportId).select('id', 'status', 'preserved_at', 'preserved_copy');
    if (!report) return 'missing';
    const released = await Report.query(trx)
      .findById(reportId)
      .whereNotNull('preserved_at')
      .patch({ preservedAt: null, preservedBy: null, preservedCopy: null });
    if (!released) return 'not_preserved';
    await trx('report_preserved_files').where('report_id', reportId).delete();
    if (report.status === 'dismissed') await trx('report_evidence').where('report_id', reportId).delete();
    const advertiserId = report.preservedCopy?.advertiser?.id;
    if (advertiserId && (await Advertiser.query(trx).findById(advertiserId).where('email', deletedAccountEmail(advertiserId)).select('id')))
      await trx('report_answers').where({ report_id: reportId, advertiser_id: advertiserId }).delete();
    return 'ok';
  });
}

/** What staff hand to the authorities: the report, the copies, the photos' addresses, the answers and the times. */
export interface PreservedPackage {
  report: {
    id: number;
    reason: ReportReason;
    reasonLabel: string;
    details: string | null;
    contactEmail: string | null;
    status: string;
    hidAd: boolean;
    createdAt: string;
    escalatedAt: string | null;
    decidedAt: string | null;
  };
  preservedAt: string;
  preservedBy: string | null;
  /** The ad as the report found it (title, category, state, advertiser), and its photos then. */
  snapshotAtReport: Record<string, unknown> | null;
  photosAtReport: string[];
  /** The ad row and the advertiser's data when preserved (identity only when included), and its photos then. */
  adAtPreservation: Record<string, unknown> | null;
  advertiserAtPreservation: PreservedAdvertiser | null;
  /** True when the advertiser's identity was left out: the staff member who downloaded it may not see identities. */
  identityWithheld: boolean;
  photosAtPreservation: string[];
  answers: { body: string; createdAt: string }[];
  generatedAt: string;
}

type IdentityField = 'fullName' | 'email' | 'dni' | 'birthDate';
type PreservedAdvertiser = Omit<NonNullable<PreservedCopy['advertiser']>, IdentityField> &
  Partial<Pick<NonNullable<PreservedCopy['advertiser']>, IdentityField>>;

/**
 * The preserved package of a report; null when the report does not exist or is not preserved. Without
 * `withIdentity` the advertiser's name, email, DNI and birth date are left out (the copy keeps them).
 */
export async function preservedPackage(
  db: Knex,
  reportId: number,
  { withIdentity }: { withIdentity: boolean },
  now = new Date(),
): Promise<PreservedPackage | null> {
  const report = await Report.query(db).findById(reportId);
  if (!report?.preservedAt) return null;
  const admin = report.preservedBy ? await db('admin_users').where('id', report.preservedBy).first('username') : undefined;
  const { photoKeys: snapshotKeys = [], advertiserName, ...snapshot } = report.adSnapshot ?? { photoKeys: [] };
  const photo = (key: string) => adImageUrl(key, 800);
  const advertiser = report.preservedCopy?.advertiser;
  return {
    report: {
      id: report.id,
      reason: report.reason,
      reasonLabel: reportReasonLabel(report.reason),
      details: report.details,
      contactEmail: report.contactEmail,
      status: report.status,
      hidAd: report.hidAd,
      createdAt: report.createdAt.toISOString(),
      escalatedAt: report.escalatedAt?.toISOString() ?? null,
      decidedAt: report.decidedAt?.toISOString() ?? null,
    },
    preservedAt: report.preservedAt.toISOString(),
    preservedBy: admin?.username ?? null,
    snapshotAtReport: report.adSnapshot ? { ...snapshot, ...(withIdentity && { advertiserName }) } : null,
    photosAtReport: snapshotKeys.map(photo),
    adAtPreservation: report.preservedCopy?.ad ?? null,
    advertiserAtPreservation: !advertiser ? null : withIdentity ? advertiser : withoutIdentity(advertiser),
    identityWithheld: !withIdentity,
    photosAtPreservation: (report.preservedCopy?.photoKeys ?? []).map(photo),
    answers: (await answersOf(db, [report.id])).get(report.id) ?? [],
    generatedAt: now.toISOString(),
  };
}

function withoutIdentity({
  fullName: _n,
  email: _e,
  dni: _d,
  birthDate: _b,
  ...rest
}: NonNullable<PreservedCopy['advertiser']>): PreservedAdvertiser {
  return rest;
}
