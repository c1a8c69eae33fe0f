// The expiry and renewal job's database work (api/jobs.ts runs it every 5 minutes, once across processes): paid
// plans end at their date, listings expire at theirs, renewal payments are created before a paid plan ends and
// cancelled when left unpaid. Each step is idempotent: running it twice, or in two processes, changes nothing more.
import type { Knex } from 'knex';
import { isUniqueViolation } from '#db/dialect.ts';
import { Payment } from '#db/models/index.ts';
import { addDays, PAID_PLANS, RENEWAL_NOTICE_DAYS, UNPAID_RENEWAL_GRACE_DAYS, type PaidPlan } from '#shared/plans.ts';
import { getPlanPrices } from './settings.ts';
import { newPaymentReference, planPaymentDescription } from './plan-purchases.ts';

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

/**
 * Paid plans past their end fall back to Gratuito, and their ads to the normal order (the update marks their ranks,
 * docs/decisions/050-ranking.md). A plan's time stands still
 * while a report holds its ad (the time held is added back when it returns, db/queries/reports.ts).
 */
export async function endPlans(db: Knex, now: Date): Promise<number> {
  const ids: number[] = await db('ads')
    .whereIn('plan', PAID_PLANS)
    .where('plan_expires_at', '<=', now)
    .whereNot('state', 'held')
    .pluck('id');
  if (!ids.length) return 0;
  await db('ads')
    .whereIn('id', ids)
    .whereIn('plan', PAID_PLANS)
    .where('plan_expires_at', '<=', now)
    .whereNot('state', 'held')
    .update({ plan: 'gratuito', plan_expires_at: null, updated_at: now });
  return ids.length;
}

/** Listings (free, or whose paid plan ended) past their end leave the site; the advertiser can renew them. */
export async function expireListings(db: Knex, now: Date): Promise<number> {
  return db('ads').whereIn('state', ['published', 'paused']).where('expires_at', '<=', now).update({ state: 'expired', updated_at: now });
}

/** Renewals still unpaid UNPAID_RENEWAL_GRACE_DAYS after the plan they would have continued ended. */
export async function cancelUnpaidRenewals(db: Knex, now: Date): Promise<number> {
  return db('payments')
    .where({ kind: 'renewal', status: 'pending' })
    .where('due_at', '<=', addDays(now, -UNPAID_RENEWAL_GRACE_DAYS))
    .update({ status: 'cancelled', processed_at: now, notes: 'Renovación no pagada' });
}

/**
 * A pending renewal payment, at the current price, for each paid plan ending within RENEWAL_NOTICE_DAYS whose ad
 * has no payment waiting already. renewal_key (ad and plan end) is unique: a second run creates nothing.
 */
export async function createRenewals(db: Knex, now: Date): Promise<RenewalCreated[]> {
  const due = await db('ads as ad')
    .join('advertisers as a', 'a.id', 'ad.advertiser_id')
    .whereIn('ad.plan', PAID_PLANS)
    .where('ad.plan_expires_at', '>', now)
    .where('ad.plan_expires_at', '<=', addDays(now, RENEWAL_NOTICE_DAYS))
    .whereIn('ad.state', ['published', 'paused'])
    .whereNotExists((q) => q.select(db.raw('1')).from('payments as p').whereRaw('p.ad_id = ad.id').where('p.status', 'pending'))
    .select('ad.id', 'ad.title', 'ad.plan', 'ad.plan_expires_at', 'ad.advertiser_id', 'a.email', 'a.full_name');
  if (!due.length) return [];
  const prices = await getPlanPrices(db);
  const created: RenewalCreated[] = [];
  for (const ad of due) {
    const plan = ad.plan as PaidPlan;
    const dueAt = new Date(ad.plan_expires_at);
    const renewalKey = `${ad.id}:${dueAt.toISOString()}`;
    const reference = newPaymentReference();
    try {
      const payment = await Payment.query(db).insert({
        advertiserId: ad.advertiser_id,
        adId: ad.id,
        plan,
        kind: 'renewal',
        amount: prices[plan],
        description: planPaymentDescription(plan, ad.title, 'renewal'),
        paymentMethod: 'transfer',
        status: 'pending',
        reference,
        renewalKey,
        dueAt,
        createdAt: now,
      });
      created.push({
        paymentId: payment.id,
        reference,
        amount: prices[plan],
        plan,
        adTitle: ad.title,
        dueAt,
        advertiser: { email: ad.email, fullName: ad.full_name },
      });
    } catch (err) {
      // This period's renewal exists already, or a purchase for the ad was made meanwhile.
      if (!isUniqueViolation(err)) throw err;
    }
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
