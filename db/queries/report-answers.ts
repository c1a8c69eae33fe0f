// The advertiser's answers to the reports that hold their ad (decision 044) in the database: the open reports of a
// hiding reason on an ad, the answers already sent, and a new answer. The rules (who may answer, how many times,
// what the advertiser is told) are core/own-ads/ad-review.ts.
import type { Knex } from 'knex';
import { Report, ReportAnswer } from '#db/models/index.ts';
import { HIDING_REASONS } from '#shared/report-reasons.ts';

/** The reports of a hiding reason still open on an ad, oldest first. */
export async function openHidingReports(db: Knex, adId: number): Promise<Pick<Report, 'id' | 'reason' | 'createdAt'>[]> {
  return Report.query(db)
    .where({ ad_id: adId, status: 'open' })
    .whereIn('reason', HIDING_REASONS)
    .orderBy('created_at')
    .orderBy('id')
    .select('id', 'reason', 'created_at');
}

/** How many answers the most answered of these reports has. */
export async function mostAnswers(db: Knex, reportIds: number[]): Promise<number> {
  if (!reportIds.length) return 0;
  // An aggregate: Knex's builder (decision 019).
  const rows: { n: number | string }[] = await db('report_answers').whereIn('report_id', reportIds).groupBy('report_id').count({ n: '*' });
  return Math.max(0, ...rows.map((r) => Number(r.n)));
}

/** What the advertiser answered to these reports, oldest first: an answer recorded with several reports comes once. */
export async function answersTo(db: Knex, reportIds: number[], advertiserId: number): Promise<Pick<ReportAnswer, 'body' | 'createdAt'>[]> {
  if (!reportIds.length) return [];
  return ReportAnswer.query(db)
    .whereIn('report_id', reportIds)
    .where('advertiser_id', advertiserId)
    .orderBy('created_at')
    .distinct('body', 'created_at');
}

/** Records one answer with each of these reports, in the caller's transaction. */
export async function insertAnswers(trx: Knex, reportIds: number[], advertiserId: number, body: string, now: Date): Promise<void> {
  for (const reportId of reportIds) await ReportAnswer.query(trx).insert({ reportId, advertiserId, body, createdAt: now });
}
