// Denuncias from the panel: the reports of a status with the ad as it was reported and the advertiser's answers,
// and the decision (a dismissal may bring a hidden ad back: db/queries/reports.ts), audited.
import type { Knex } from 'knex';
import { decideReport as decide, listReports, type ReportItem as ReportRow } from '#db/queries/reports.ts';
import type { ReportItem, ReportStatus } from '#shared/contracts/staff/reports.ts';
import { refuse } from '#core/refusals.ts';
import { staffAction, type StaffActor } from '../staff-action.ts';

export const reportMissing = () => refuse('report_missing');

export function presentReport(row: ReportRow): ReportItem {
  const snapshot = row.snapshot;
  return {
    id: row.id,
    adId: row.adId,
    adTitle: row.adTitle,
    adState: row.adState,
    adReference: row.adReference,
    snapshot: snapshot && {
      adId: snapshot.adId,
      title: snapshot.title,
      advertiserId: snapshot.advertiserId,
      advertiserName: snapshot.advertiserName,
      photos: snapshot.photos,
    },
    reason: row.reason,
    details: row.details,
    contactEmail: row.contactEmail,
    status: row.status,
    holdWithheld: row.holdWithheld,
    createdAt: row.createdAt,
    waitingMs: row.waitingMs,
    overdue: row.overdue,
    escalatedAt: row.escalatedAt,
    preservedAt: row.preservedAt,
    answers: row.answers.map((a) => ({ body: a.body, createdAt: a.createdAt })),
  };
}

/** Open ones oldest first (the queue), decided ones newest first. */
export async function reportsFor(db: Knex, status: ReportStatus, now = new Date()): Promise<ReportItem[]> {
  return (await listReports(db, status, undefined, now)).map(presentReport);
}

/** Tells the owner of an ad a dismissal brought back; never throws (core/own-ads/notices.ts mails it). */
export interface ReleasedAdNotices {
  adReleased(adId: number): Promise<void>;
}

/**
 * open -> resolved (the ad stays hidden for staff to remove it) or dismissed (it comes back if nothing else hides it;
 * then, once committed, its owner is told).
 */
export async function decideReport(
  deps: { db: Knex; notices: ReleasedAdNotices },
  actor: StaffActor,
  id: number,
  decision: 'resolved' | 'dismissed',
): Promise<void> {
  let releasedAd: number | null = null;
  await staffAction(deps.db, actor, { action: `report_${decision}`, targetType: 'report', targetId: id }, async (trx) => {
    const result = await decide(trx, id, decision, actor.admin.id);
    if (result === 'missing') throw reportMissing();
    if (result === 'decided') throw refuse('report_already_decided');
    if (typeof result === 'object') releasedAd = result.releasedAdId;
  });
  if (releasedAd !== null) await deps.notices.adReleased(releasedAd);
}
