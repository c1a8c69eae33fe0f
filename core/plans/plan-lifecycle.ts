// The expiry and renewal job (api/jobs.ts runs it every 5 minutes, once across processes): paid plans end at their
// date, listings expire at theirs, a renewal payment is created RENEWAL_NOTICE_DAYS before a paid plan ends (at the
// current price, mailed to the advertiser) and cancelled when still unpaid UNPAID_RENEWAL_GRACE_DAYS after. Each
// step is idempotent (db/queries/plan-lifecycle.ts): running it twice, or in two processes, changes nothing more.
import type { Knex } from 'knex';
import { cancelRenewalsDueBy, endPlansBy, expireListingsBy, insertRenewal, plansEndingWithoutPayment } from '#db/queries/plan-lifecycle.ts';
import { addDays, PAID_PLANS, RENEWAL_NOTICE_DAYS, UNPAID_RENEWAL_GRACE_DAYS, type PaidPlan } from '#shared/plans.ts';
import type { Mailer } from '#core/mail/mail.ts';
import { mailExpiryNotices } from '#core/own-ads/notices.ts';
import { paymentPagePath } from '#core/payments/confirmation-mail.ts';
import { renewalDueMail } from '#core/payments/mails.ts';
import { newPaymentReference, planPaymentDescription } from '#core/payments/payment-terms.ts';
import { planPrices } from './plan-prices.ts';

/**
 * Listings that run out: published or paused (a held or removed ad has its own course), except a paused ad whose paid
 * plan stands still (shared/pause-extension.ts).
 */
const LISTED_STATES = ['published', 'paused'] as const;
/** Plans renewed: those of published ads (a paused ad's plan end moves when it is resumed; its renewal waits till then). */
const RENEWED_STATES = ['published'] as const;

export interface RenewalCreated {
  paymentId: number;
  reference: string;
  amount: number;
  plan: PaidPlan;
  adTitle: string;
  dueAt: Date;
  advertiser: { email: string; fullName: string };
}

export interface PlanLifecycleResult {
  plansEnded: number;
  listingsExpired: number;
  renewalsCancelled: number;
  renewalsCreated: RenewalCreated[];
}

/** Paid plans past their end fall back to Gratuito, and their ads to the normal order (not while paused: decision 068). */
export const endPlans = (db: Knex, now: Date) => endPlansBy(db, PAID_PLANS, now);

/** Listings (free, or whose paid plan ended) past their end leave the site; the advertiser can renew them. */
export const expireListings = (db: Knex, now: Date) => expireListingsBy(db, LISTED_STATES, PAID_PLANS, now);

/** Renewals still unpaid UNPAID_RENEWAL_GRACE_DAYS after the plan they would have continued ended. */
export const cancelUnpaidRenewals = (db: Knex, now: Date) =>
  cancelRenewalsDueBy(db, addDays(now, -UNPAID_RENEWAL_GRACE_DAYS), now, 'Renovación no pagada');

/** A pending renewal, at the current price, for each paid plan ending within RENEWAL_NOTICE_DAYS with no payment waiting. */
export async function createRenewals(db: Knex, now: Date): Promise<RenewalCreated[]> {
  const due = await plansEndingWithoutPayment(db, {
    plans: PAID_PLANS,
    states: RENEWED_STATES,
    from: now,
    to: addDays(now, RENEWAL_NOTICE_DAYS),
  });
  if (!due.length) return [];
  const prices = await planPrices(db);
  const created: RenewalCreated[] = [];
  for (const ending of due) {
    const renewal = {
      advertiserId: ending.advertiserId,
      adId: ending.adId,
      plan: ending.plan,
      amount: prices[ending.plan],
      description: planPaymentDescription(ending.plan, ending.adTitle, 'renewal'),
      reference: newPaymentReference(),
      renewalKey: `${ending.adId}:${ending.planEndsAt.toISOString()}`,
      dueAt: ending.planEndsAt,
    };
    // Null: this period's renewal exists already, or a purchase for the ad was made meanwhile.
    const paymentId = await insertRenewal(db, renewal, now);
    if (paymentId === null) continue;
    const { reference, amount, plan, dueAt } = renewal;
    created.push({ paymentId, reference, amount, plan, adTitle: ending.adTitle, dueAt, advertiser: ending.advertiser });
  }
  return created;
}

export async function runPlanLifecycle(db: Knex, now = new Date()): Promise<PlanLifecycleResult> {
  const plansEnded = await endPlans(db, now);
  const listingsExpired = await expireListings(db, now);
  const renewalsCancelled = await cancelUnpaidRenewals(db, now);
  const renewalsCreated = await createRenewals(db, now);
  return { plansEnded, listingsExpired, renewalsCancelled, renewalsCreated };
}

/**
 * The job: ends plans and listings at their date and creates renewal payments, mailing each advertiser who must pay
 * one; then mails the reminders before listings end and the notices that they ended (after the expiry, so a listing
 * that ended in this run is told at once). A paid plan's end is told by its renewal mail alone.
 */
export async function runPlanJobs(
  { db, mailer, siteOrigin }: { db: Knex; mailer: Mailer; siteOrigin: string },
  now = new Date(),
): Promise<PlanLifecycleResult> {
  const result = await runPlanLifecycle(db, now);
  for (const renewal of result.renewalsCreated) {
    const mail = renewalDueMail(renewal.advertiser.email, {
      ...renewal,
      fullName: renewal.advertiser.fullName,
      link: `${siteOrigin}${paymentPagePath(renewal.reference)}`,
    });
    await mailer.send(mail).catch((err: Error) => console.error(`Renewal ${renewal.reference}: the mail failed:`, err.message));
  }
  await mailExpiryNotices({ db, mailer, siteOrigin }, now);
  return result;
}
