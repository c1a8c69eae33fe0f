// The advertiser's side of a report that holds their ad (decision 044): /mi-cuenta/anuncios/:id/revision shows that
// the ad is hidden by a report under review, the kind of concern (never who reported it nor what they wrote), and
// takes an answer that staff read with the report in the panel. Only the ad's owner, only while a report of a
// hiding reason is open on it, and at most MAX_ANSWERS times per report.
import type { Knex } from 'knex';
import { forUpdate } from '#db/dialect.ts';
import { Ad, Report } from '#db/models/index.ts';
import { HIDING_REASONS, REPORT_CONCERNS, type ReportReason } from '#shared/report-reasons.ts';

/** Answers an advertiser may send to one report. */
export const MAX_ANSWERS = 3;

export interface AdReview {
  ad: { id: number; title: string; state: string };
  /** Whether a report of a hiding reason is open on the ad (then it can be answered). */
  open: boolean;
  /** The kinds of concern of the open reports, in neutral words. */
  concerns: string[];
  /** When the oldest open report was made. */
  since: string | null;
  /** What the advertiser already answered, oldest first. */
  answers: { body: string; createdAt: string }[];
  answersLeft: number;
}

const openHidingReports = (db: Knex, adId: number) =>
  Report.query(db).where({ ad_id: adId, status: 'open' }).whereIn('reason', HIDING_REASONS).orderBy('created_at').orderBy('id');

/** How many answers the most answered of these reports has. */
async function mostAnswers(db: Knex, reportIds: number[]): Promise<number> {
  if (!reportIds.length) return 0;
  const rows: { n: number | string }[] = await db('report_answers').whereIn('report_id', reportIds).groupBy('report_id').count({ n: '*' });
  return Math.max(0, ...rows.map((r) => Number(r.n)));
}

/** The review of one of the advertiser's ads; null when the ad is not theirs (or does not exist). */
export async function findOwnAdReview(db: Knex, advertiserId: number, adId: number): Promise<AdReview | null> {
  const ad = await Ad.query(db).findById(adId).where('advertiser_id', advertiserId).select('id', 'title', 'state');
  if (!ad) return null;
  const reports = await openHidingReports(db, adId).select('id', 'reason', 'created_at');
  const ids = reports.map((r) => r.id);
  // One answer is recorded once per open report: shown once.
  const rows = ids.length
    ? await db('report_answers')
        .whereIn('report_id', ids)
        .where('advertiser_id', advertiserId)
        .orderBy('created_at')
        .distinct('body', 'created_at')
    : [];
  const answers = rows.map((a) => ({ body: a.body as string, createdAt: new Date(a.created_at).toISOString() }));
  answers.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return {
    ad: { id: ad.id, title: ad.title, state: ad.state },
    open: reports.length > 0,
    concerns: [...new Set(reports.map((r) => REPORT_CONCERNS[r.reason as ReportReason]))],
    since: reports[0]?.createdAt.toISOString() ?? null,
    answers,
    answersLeft: reports.length ? Math.max(0, MAX_ANSWERS - (await mostAnswers(db, ids))) : 0,
  };
}

/** Records the advertiser's answer with each open report of a hiding reason on the ad. */
export async function answerReports(
  db: Knex,
  advertiserId: number,
  adId: number,
  body: string,
  now = new Date(),
): Promise<'ok' | 'missing' | 'closed' | 'limit'> {
  return db.transaction(async (trx) => {
    // Locked: two answers sent at once are counted one after the other.
    const ad = await forUpdate(trx, Ad.query(trx).findById(adId).where('advertiser_id', advertiserId).select('id'));
    if (!ad) return 'missing';
    const ids = (await openHidingReports(trx, adId).select('id')).map((r) => r.id);
    if (!ids.length) return 'closed';
    if ((await mostAnswers(trx, ids)) >= MAX_ANSWERS) return 'limit';
    await trx('report_answers').insert(ids.map((report_id) => ({ report_id, advertiser_id: advertiserId, body, created_at: now })));
    return 'ok';
  });
}
