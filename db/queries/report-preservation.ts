// Preserving a report for the authorities (docs/escalation.md, decision 044). A report of a possible minor or of
// trafficking may be evidence of a crime: staff "preserve" it, and from then on the report, a full copy of the ad
// row and of its advertiser's identifying data as they were at that moment, the ad's photos of that moment and the
// report's own evidence are kept beyond every deletion (the advertiser deleting the ad or the account, staff
// dismissing the report, the orphan-file job) until staff release the preservation. Both are audited by the
// panel's core (core/panel/reports/preservation.ts), which also builds the package staff hand over.
import type { Knex } from 'knex';
import { Ad, AdPhoto, Administrator, Advertiser, Report, ReportAnswer, type AdSnapshot, type PreservedCopy } from '#db/models/index.ts';
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
      await ReportAnswer.query(trx).where({ report_id: reportId, advertiser_id: advertiserId }).delete();
    return 'ok';
  });
}

/** A preserved report as stored: the report, who preserved it and when, the snapshot, the copy and the answers. */
export interface PreservedReport {
  report: Pick<Report, 'id' | 'reason' | 'details' | 'contactEmail' | 'status' | 'hidAd' | 'createdAt' | 'escalatedAt' | 'decidedAt'>;
  preservedAt: Date;
  /** The username of who preserved it (null once that account is gone). */
  preservedBy: string | null;
  snapshot: AdSnapshot | null;
  copy: PreservedCopy | null;
  answers: { body: string; createdAt: string }[];
}

/** A preserved report for its package (core/panel/reports/preservation.ts); null when it does not exist or is not preserved. */
export async function preservedReport(db: Knex, reportId: number): Promise<PreservedReport | null> {
  const report = await Report.query(db).findById(reportId);
  if (!report?.preservedAt) return null;
  const admin = report.preservedBy ? await Administrator.query(db).findById(report.preservedBy).select('username') : undefined;
  return {
    report,
    preservedAt: report.preservedAt,
    preservedBy: admin?.username ?? null,
    snapshot: report.adSnapshot,
    copy: report.preservedCopy,
    answers: (await answersOf(db, [report.id])).get(report.id) ?? [],
  };
}
