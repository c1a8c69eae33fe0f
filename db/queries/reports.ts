// Reports of ads ("Denunciar", decisions.md Trust and safety). A report of a possible minor or of trafficking
// hides a published ad at once (state 'held') until staff decide; dismissing the report puts it back unless
// another open report still hides it. Other reasons wait for staff with the ad still visible.
// Every report keeps a snapshot of the ad and its photos as evidence, which outlive the ad. One reporter (a
// keyed hash of the address) hides at most HIDING_REPORTS_PER_DAY ads a day, and one whose hiding reports staff
// dismissed DISMISSALS_TO_LOSE_HIDING times within DISMISSAL_WINDOW_MS hides none; further reports still reach staff,
// marked (hold_withheld). Open hiding reports past REPORT_OVERDUE_MS are marked overdue (report-escalation.ts).
// While an ad is held its paid plan's time stands still: the time held is added back when it returns.
import type { Knex } from 'knex';
import { forUpdate, lockForTransaction } from '#db/dialect.ts';
import { Ad, AdPhoto, Report, ReportAnswer, type AdSnapshot, type HoldWithheld } from '#db/models/index.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { createStaffAlert } from './staff-alerts.ts';
import { HIDING_REASONS, REPORT_OVERDUE_MS, reportReasonLabel, type ReportReason } from '#shared/report-reasons.ts';

/** How many ads one reporter can hide in 24 hours; past it, the reports wait for staff with the ad visible. */
export const HIDING_REPORTS_PER_DAY = 3;
const DAY_MS = 86_400_000;
/** A source whose hiding reports staff dismissed this many times within DISMISSAL_WINDOW_MS no longer hides ads. */
export const DISMISSALS_TO_LOSE_HIDING = 2;
export const DISMISSAL_WINDOW_MS = 90 * DAY_MS;

/** How many hiding reports of this source staff dismissed within the window before `now`. */
async function dismissedHidingReports(db: Knex, reporterKey: string, now: Date): Promise<number> {
  return Report.query(db)
    .where({ reporter_key: reporterKey, status: 'dismissed' })
    .whereIn('reason', HIDING_REASONS)
    .where('decided_at', '>', new Date(now.getTime() - DISMISSAL_WINDOW_MS))
    .resultSize();
}

export interface CreatedReport {
  id: number;
  /** The report hid the ad. */
  hidden: boolean;
  /** The reason hides, but this source may not hide it (its day limit, or its dismissed reports): visible for staff. */
  limited: boolean;
  /** The hidden ad's owner, for the notice (never who reported). */
  heldAd: { id: number; title: string; advertiserEmail: string } | null;
}

/**
 * Why a source's report leaves the ad visible although its reason hides: too many of the source's hiding reports
 * dismissed, or its hides of the day used up; null when it may hide.
 */
async function hidingWithheld(trx: Knex.Transaction, reporterKey: string | null, now: Date): Promise<HoldWithheld | null> {
  if (!reporterKey) return null;
  if ((await dismissedHidingReports(trx, reporterKey, now)) >= DISMISSALS_TO_LOSE_HIDING) return 'dismissed_source';
  const hiddenToday = await Report.query(trx)
    .where({ reporter_key: reporterKey, hid_ad: true })
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .resultSize();
  return hiddenToday >= HIDING_REPORTS_PER_DAY ? 'day_limit' : null;
}

/** The staff alert of a report whose reason hides: what became of the ad. */
function hidingReportMessage(reason: ReportReason, ad: { id: number; title: string }, hidden: boolean, withheld: HoldWithheld | null) {
  const label = reportReasonLabel(reason).toLowerCase();
  const what = hidden
    ? 'quedó oculto hasta que lo revisen'
    : withheld === 'dismissed_source'
      ? `sigue visible: a quien denunció le desestimaron ${DISMISSALS_TO_LOSE_HIDING} o más denuncias de este tipo en 90 días`
      : withheld === 'day_limit'
        ? 'sigue visible: quien denunció ya ocultó el máximo de avisos del día'
        : 'no estaba publicado';
  return `Denuncia por ${label}: el anuncio «${ad.title}» (código ${ad.id}) ${what}.`;
}

export async function createReport(
  db: Knex,
  input: {
    adId: number | null;
    adReference: string | null;
    reason: ReportReason;
    details: string | null;
    contactEmail: string | null;
    reporterKey: string | null;
  },
  now = new Date(),
): Promise<CreatedReport> {
  const hides = HIDING_REASONS.includes(input.reason);
  return db.transaction(async (trx) => {
    // The report row first: a write, so on SQLite this transaction excludes every other writer from here on; on
    // PostgreSQL the advisory lock does the same for this reporter. Parallel reports cannot pass the limit together.
    const { id } = await Report.query(trx).insert({
      adId: null,
      adReference: input.adReference,
      reason: input.reason,
      details: input.details,
      contactEmail: input.contactEmail,
      status: 'open',
      hidAd: false,
      reporterKey: input.reporterKey,
      createdAt: now,
    });
    if (input.reporterKey) await lockForTransaction(trx, `report:${input.reporterKey}`);

    const ad = input.adId ? await Ad.query(trx).findById(input.adId).withGraphJoined('advertiser') : undefined;
    if (!ad) return { id, hidden: false, limited: false, heldAd: null };

    const photoKeys = (await AdPhoto.query(trx).where('ad_id', ad.id).orderBy('position').select('file_key')).map((p) => p.fileKey);
    const snapshot: AdSnapshot = {
      adId: ad.id,
      title: ad.title,
      category: ad.category,
      state: ad.state,
      advertiserId: ad.advertiserId,
      advertiserName: ad.advertiser!.fullName,
      photoKeys,
    };
    if (photoKeys.length) await trx('report_evidence').insert(photoKeys.map((file_key) => ({ report_id: id, file_key })));

    let withheld: HoldWithheld | null = null;
    let hidden = false;
    if (hides && ad.state === 'published') {
      withheld = await hidingWithheld(trx, input.reporterKey, now);
      if (!withheld)
        hidden =
          (await Ad.query(trx).findById(ad.id).where('state', 'published').patch({ state: 'held', heldAt: now, updatedAt: now })) > 0;
    }
    const limited = withheld !== null;
    await Report.query(trx)
      .findById(id)
      .patch({ adId: ad.id, adReference: null, hidAd: hidden, adSnapshot: snapshot, holdWithheld: withheld });
    if (hides) {
      const message = hidingReportMessage(input.reason, ad, hidden, withheld);
      await createStaffAlert(trx, { kind: 'hiding_report', permission: 'view_reports', adId: ad.id, message }, now);
    }
    return { id, hidden, limited, heldAd: hidden ? { id: ad.id, title: ad.title, advertiserEmail: ad.advertiser!.email } : null };
  });
}

export interface ReportItem {
  id: number;
  adId: number | null;
  adTitle: string | null;
  adState: string | null;
  adReference: string | null;
  /** The ad as it was when reported, with its photos' addresses (kept for staff even if the ad is gone). */
  snapshot: (Omit<AdSnapshot, 'photoKeys'> & { photos: string[] }) | null;
  reason: ReportReason;
  details: string | null;
  contactEmail: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  hidAd: boolean;
  /** Why a report of a hiding reason left the ad visible, if it did. */
  holdWithheld: HoldWithheld | null;
  createdAt: string;
  /** How long it had waited when listed (the panel shows it as "hace 3 h"). */
  waitingMs: number;
  /** An open report of a hiding reason that has waited more than REPORT_OVERDUE_MS. */
  overdue: boolean;
  escalatedAt: string | null;
  /** When it was preserved for the authorities (null: not preserved, or released). */
  preservedAt: string | null;
  /** What the ad's advertiser answered, oldest first. */
  answers: { body: string; createdAt: string }[];
}

function withPhotoAddresses(snapshot: AdSnapshot | null): ReportItem['snapshot'] {
  if (!snapshot) return null;
  const { photoKeys, ...rest } = snapshot;
  return { ...rest, photos: photoKeys.map((key) => adImageUrl(key, 400)) };
}

/** Whether an open report of a hiding reason made at `createdAt` is overdue at `now`. */
export const isOverdue = (report: { status: string; reason: ReportReason; createdAt: Date }, now: Date) =>
  report.status === 'open' && HIDING_REASONS.includes(report.reason) && now.getTime() - report.createdAt.getTime() > REPORT_OVERDUE_MS;

/** Open reports of a hiding reason waiting for staff longer than REPORT_OVERDUE_MS (the panel's badge). */
export async function countOverdueReports(db: Knex, now = new Date()): Promise<number> {
  return Report.query(db)
    .where('status', 'open')
    .whereIn('reason', HIDING_REASONS)
    .where('created_at', '<', new Date(now.getTime() - REPORT_OVERDUE_MS))
    .resultSize();
}

/** The advertiser's answers to these reports, oldest first, by report. */
export async function answersOf(db: Knex, reportIds: number[]): Promise<Map<number, { body: string; createdAt: string }[]>> {
  const byReport = new Map<number, { body: string; createdAt: string }[]>();
  if (!reportIds.length) return byReport;
  const answers = await ReportAnswer.query(db)
    .whereIn('report_id', reportIds)
    .orderBy('created_at')
    .orderBy('id')
    .select('report_id', 'body', 'created_at');
  for (const answer of answers) {
    const list = byReport.get(answer.reportId) ?? [];
    list.push({ body: answer.body, createdAt: answer.createdAt.toISOString() });
    byReport.set(answer.reportId, list);
  }
  return byReport;
}

export async function listReports(db: Knex, status: ReportItem['status'], limit = 300, now = new Date()): Promise<ReportItem[]> {
  const reports = await Report.query(db)
    .withGraphJoined('ad(titleAndState)')
    .where('reports.status', status)
    .orderBy('reports.created_at', status === 'open' ? 'asc' : 'desc')
    .orderBy('reports.id')
    .limit(limit);
  const answers = await answersOf(
    db,
    reports.map((r) => r.id),
  );
  return reports.map((r) => ({
    id: r.id,
    adId: r.adId,
    adTitle: r.ad?.title ?? null,
    adState: r.ad?.state ?? null,
    adReference: r.adReference,
    snapshot: withPhotoAddresses(r.adSnapshot),
    reason: r.reason,
    details: r.details,
    contactEmail: r.contactEmail,
    status: r.status,
    hidAd: r.hidAd,
    holdWithheld: r.holdWithheld,
    createdAt: r.createdAt.toISOString(),
    waitingMs: Math.max(0, now.getTime() - r.createdAt.getTime()),
    overdue: isOverdue(r, now),
    escalatedAt: r.escalatedAt?.toISOString() ?? null,
    preservedAt: r.preservedAt?.toISOString() ?? null,
    answers: answers.get(r.id) ?? [],
  }));
}

/** Open reports of a hiding reason for these ads (the moderation queue shows them; approval waits for them). */
export async function openReportsOf(
  db: Knex,
  adIds: number[],
): Promise<{ adId: number; id: number; reason: ReportReason; hides: boolean; createdAt: string }[]> {
  if (!adIds.length) return [];
  const reports = await Report.query(db)
    .whereIn('ad_id', adIds)
    .where('status', 'open')
    .orderBy('created_at')
    .select('id', 'ad_id', 'reason', 'created_at');
  return reports.map((r) => ({
    adId: r.adId!,
    id: r.id,
    reason: r.reason,
    hides: HIDING_REASONS.includes(r.reason),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The ad comes back from a hold: published again, with the time it was held added to its plan and listing. */
async function releaseHold(trx: Knex, adId: number, now: Date): Promise<boolean> {
  // Locked: a payment completed meanwhile must not have its new plan end overwritten with the value read here.
  const ad = await forUpdate(trx, Ad.query(trx).findById(adId).where('state', 'held').select('held_at', 'plan_expires_at', 'expires_at'));
  if (!ad) return false;
  const heldMs = ad.heldAt ? Math.max(0, now.getTime() - ad.heldAt.getTime()) : 0;
  const later = (date: Date | null) => (date ? new Date(date.getTime() + heldMs) : null);
  const moved = await Ad.query(trx)
    .findById(adId)
    .where('state', 'held')
    .patch({ state: 'published', heldAt: null, planExpiresAt: later(ad.planExpiresAt), expiresAt: later(ad.expiresAt), updatedAt: now });
  return moved > 0;
}

/**
 * open -> resolved (the report was right: the ad stays hidden for staff to remove it in Anuncios, and the
 * evidence is kept) or dismissed (its evidence is released, and the ad comes back if this report had hidden it
 * and no other open report of a hiding reason remains: then the ad's id, for its owner to be told).
 */
export async function decideReport(
  db: Knex,
  id: number,
  decision: 'resolved' | 'dismissed',
  adminId: number,
  now = new Date(),
): Promise<'ok' | { releasedAdId: number } | 'missing' | 'decided'> {
  return db.transaction(async (trx) => {
    const moved = await Report.query(trx)
      .findById(id)
      .where('status', 'open')
      .patch({ status: decision, decidedAt: now, decidedBy: adminId });
    if (!moved) return (await Report.query(trx).findById(id).select('id')) ? ('decided' as const) : ('missing' as const);
    const report = (await Report.query(trx).findById(id).select('ad_id', 'preserved_at'))!;
    // A report preserved for the authorities keeps its evidence until staff release it (report-preservation.ts).
    if (decision === 'dismissed' && !report.preservedAt) await trx('report_evidence').where('report_id', id).delete();
    // Whichever report hid it: once none of a hiding reason is open, a dismissal brings the ad back.
    if (decision === 'dismissed' && report.adId) {
      // Any open report of a hiding reason keeps it hidden, also one that came after the ad was already hidden.
      const stillHiding = await Report.query(trx)
        .findOne({ ad_id: report.adId, status: 'open' })
        .whereIn('reason', HIDING_REASONS)
        .select('id');
      // Back in its state, its rank marked (docs/decisions/050-ranking.md).
      if (!stillHiding && (await releaseHold(trx, report.adId, now))) return { releasedAdId: report.adId };
    }
    return 'ok' as const;
  });
}
