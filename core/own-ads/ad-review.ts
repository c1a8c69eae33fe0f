// The advertiser's side of a report that holds their ad (decision 044): the review page shows that the ad is hidden
// by a report under review and the kind of concern (never who reported it nor what they wrote), and takes an answer
// that staff read with the report in the panel. Only the ad's owner, only while a report of a hiding reason is open
// on it, and at most MAX_ANSWERS times per report.
import type { Knex } from 'knex';
import { lockOwnAd, ownAdHeading } from '#db/queries/advertiser-ads.ts';
import { answersTo, insertAnswers, mostAnswers, openHidingReports } from '#db/queries/report-answers.ts';
import { REPORT_CONCERNS, type ReportReason } from '#shared/report-reasons.ts';
import type { AdReview } from '#shared/contracts/advertiser/ad-review.ts';
import { isRecordId } from './own-ads.ts';
import { refuse } from '#core/refusals.ts';

/** Answers an advertiser may send to one report. */
export const MAX_ANSWERS = 3;

/** The review of one of the advertiser's ads; null when the ad is not theirs (or does not exist). */
export async function findOwnAdReview(db: Knex, advertiserId: number, adId: number): Promise<AdReview | null> {
  if (!isRecordId(adId)) return null;
  const ad = await ownAdHeading(db, advertiserId, adId);
  if (!ad) return null;
  const reports = await openHidingReports(db, adId);
  const ids = reports.map((r) => r.id);
  const answers = (await answersTo(db, ids, advertiserId)).map((a) => ({ body: a.body, createdAt: a.createdAt.toISOString() }));
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
export async function answerReports(db: Knex, advertiserId: number, adId: number, body: string, now = new Date()): Promise<void> {
  await db.transaction(async (trx) => {
    // Locked: two answers sent at once are counted one after the other.
    if (!(await lockOwnAd(trx, advertiserId, adId))) throw refuse('own_ad_missing');
    const ids = (await openHidingReports(trx, adId)).map((r) => r.id);
    if (!ids.length) throw refuse('no_open_report');
    if ((await mostAnswers(trx, ids)) >= MAX_ANSWERS) throw refuse('answer_limit');
    await insertAnswers(trx, ids, advertiserId, body, now);
  });
}
