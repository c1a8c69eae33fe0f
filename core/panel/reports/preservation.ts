// Preserving a report for the authorities (decision 044): preserving and releasing are audited actions, and so is
// each download of the package. The advertiser's identity goes in the package only for staff who may read
// identities (finding 7: the reports permission alone does not open them).
import type { Knex } from 'knex';
import { preserveReport as preserve, preservedReport, releasePreservation, type PreservedReport } from '#db/queries/report-preservation.ts';
import { mayReadIdentity } from '#shared/admin-permissions.ts';
import type { PreservedAdvertiser, PreservedPackage } from '#shared/contracts/staff/reports.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { reportReasonLabel } from '#shared/report-reasons.ts';
import { refuse } from '#core/refusals.ts';
import { staffAction, type StaffActor, type StaffActionEntry } from '../staff-action.ts';
import { reportMissing } from './reports.ts';

export async function preserveReport(db: Knex, actor: StaffActor, id: number): Promise<void> {
  await staffAction(db, actor, { action: 'report_preserved', targetType: 'report', targetId: id }, async (trx) => {
    const result = await preserve(trx, id, actor.admin.id);
    if (result === 'missing') throw reportMissing();
    if (result === 'preserved') throw refuse('report_already_preserved');
  });
}

export async function releaseReport(db: Knex, actor: StaffActor, id: number): Promise<void> {
  await staffAction(db, actor, { action: 'report_preservation_released', targetType: 'report', targetId: id }, async (trx) => {
    const result = await releasePreservation(trx, id);
    if (result === 'missing') throw reportMissing();
    if (result === 'not_preserved') throw refuse('report_not_preserved');
  });
}

const photo = (key: string) => adImageUrl(key, 800);

function presentAdvertiser(
  advertiser: NonNullable<NonNullable<PreservedReport['copy']>['advertiser']>,
  withIdentity: boolean,
): PreservedAdvertiser {
  const kept = { id: advertiser.id, verificationStatus: advertiser.verificationStatus, createdAt: advertiser.createdAt };
  if (!withIdentity) return kept;
  return { ...kept, fullName: advertiser.fullName, email: advertiser.email, dni: advertiser.dni, birthDate: advertiser.birthDate };
}

/** The package staff hand over; without `withIdentity` the advertiser's name, email, DNI and birth date are left out. */
export function presentPreservedPackage(preserved: PreservedReport, withIdentity: boolean, now: Date): PreservedPackage {
  const { report, snapshot, copy } = preserved;
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
    preservedAt: preserved.preservedAt.toISOString(),
    preservedBy: preserved.preservedBy,
    snapshotAtReport: snapshot
      ? {
          adId: snapshot.adId,
          title: snapshot.title,
          category: snapshot.category,
          state: snapshot.state,
          advertiserId: snapshot.advertiserId,
          ...(withIdentity && { advertiserName: snapshot.advertiserName }),
        }
      : null,
    photosAtReport: (snapshot?.photoKeys ?? []).map(photo),
    // The whole ad row as it was (decision 044): the authorities get the copy, not a selection.
    adAtPreservation: copy?.ad ?? null,
    advertiserAtPreservation: copy?.advertiser ? presentAdvertiser(copy.advertiser, withIdentity) : null,
    identityWithheld: !withIdentity,
    photosAtPreservation: (copy?.photoKeys ?? []).map(photo),
    answers: preserved.answers.map((a) => ({ body: a.body, createdAt: a.createdAt })),
    generatedAt: now.toISOString(),
  };
}

/** The package of a preserved report, as a download recorded in the audit log. */
export async function downloadPreservedPackage(db: Knex, actor: StaffActor, id: number, now = new Date()): Promise<PreservedPackage> {
  const withIdentity = mayReadIdentity(actor.admin);
  const entry: StaffActionEntry = {
    action: 'report_preservation_downloaded',
    targetType: 'report',
    targetId: id,
    details: { identity: withIdentity },
  };
  return staffAction(db, actor, entry, async (trx) => {
    const preserved = await preservedReport(trx, id);
    if (!preserved) throw refuse('preserved_report_missing');
    return presentPreservedPackage(preserved, withIdentity, now);
  });
}
