// The expiry and renewal job's persistence (the rules are core/plans/plan-lifecycle.ts): conditional updates that
// must be one statement each, so that running them twice, or in two processes, changes nothing more.
import type { Knex } from 'knex';
import { isUniqueViolation } from '#db/dialect.ts';
import { Payment } from '#db/models/index.ts';
import type { PaidPlan } from '#shared/plans.ts';

/**
 * Paused ads whose plan of `plans` stands still: it had not ended when they were paused. Resuming adds the time
 * paused to its end (shared/pause-extension.ts); until then neither the plan nor the listing runs out.
 */
const frozenWhilePaused = (plans: readonly PaidPlan[]) => (q: Knex.QueryBuilder) =>
  q
    .where('state', 'paused')
    .whereIn('plan', plans)
    .whereNotNull('paused_at')
    .whereNotNull('plan_expires_at')
    .whereRaw('?? > ??', ['plan_expires_at', 'paused_at']);

/**
 * Plans of `plans` whose end is at or before `now` fall back to Gratuito, except on held ads (a plan's time stands
 * still while a report holds its ad; db/queries/reports.ts adds it back) and on paused ones whose plan stands still.
 * The update marks their search ranks (docs/decisions/050-ranking.md). How many ended.
 */
export async function endPlansBy(db: Knex, plans: readonly PaidPlan[], now: Date): Promise<number> {
  const ending = (q: Knex.QueryBuilder) =>
    q.whereIn('plan', plans).where('plan_expires_at', '<=', now).whereNot('state', 'held').whereNot(frozenWhilePaused(plans));
  const ids: number[] = await ending(db('ads')).pluck('id');
  if (!ids.length) return 0;
  await ending(db('ads').whereIn('id', ids)).update({ plan: 'gratuito', plan_expires_at: null, updated_at: now });
  return ids.length;
}

/** Listings in one of `states` whose end is at or before `now` become expired (not those whose plan of `frozen` stands still while paused); how many. */
export function expireListingsBy(db: Knex, states: readonly string[], frozen: readonly PaidPlan[], now: Date): Promise<number> {
  return db('ads')
    .whereIn('state', states)
    .where('expires_at', '<=', now)
    .whereNot(frozenWhilePaused(frozen))
    .update({ state: 'expired', updated_at: now });
}

/** Pending renewals due at or before `dueBy` are cancelled, with `note`; how many. */
export function cancelRenewalsDueBy(db: Knex, dueBy: Date, now: Date, note: string): Promise<number> {
  return db('payments')
    .where({ kind: 'renewal', status: 'pending' })
    .where('due_at', '<=', dueBy)
    .update({ status: 'cancelled', processed_at: now, notes: note });
}

export interface PlanEnding {
  adId: number;
  adTitle: string;
  plan: PaidPlan;
  planEndsAt: Date;
  advertiserId: number;
  advertiser: { email: string; fullName: string };
}

/**
 * Ads in one of `states` with a plan of `plans` ending after `from` and by `to`, and no payment waiting, of accounts
 * whose renewals were not stopped (a confirmed "Botón de baja", decision 068).
 */
export async function plansEndingWithoutPayment(
  db: Knex,
  { plans, states, from, to }: { plans: readonly PaidPlan[]; states: readonly string[]; from: Date; to: Date },
): Promise<PlanEnding[]> {
  const rows = await db('ads as ad')
    .join('advertisers as a', 'a.id', 'ad.advertiser_id')
    .whereIn('ad.plan', plans)
    .where('ad.plan_expires_at', '>', from)
    .where('ad.plan_expires_at', '<=', to)
    .whereIn('ad.state', states)
    .whereNull('a.renewals_stopped_at')
    .whereNotExists((q) => q.select(db.raw('1')).from('payments as p').whereRaw('p.ad_id = ad.id').where('p.status', 'pending'))
    .select('ad.id', 'ad.title', 'ad.plan', 'ad.plan_expires_at', 'ad.advertiser_id', 'a.email', 'a.full_name');
  return rows.map((r) => ({
    adId: r.id,
    adTitle: r.title,
    plan: r.plan as PaidPlan,
    planEndsAt: new Date(r.plan_expires_at),
    advertiserId: r.advertiser_id,
    advertiser: { email: r.email, fullName: r.full_name },
  }));
}

export interface NewRenewal {
  advertiserId: number;
  adId: number;
  plan: PaidPlan;
  amount: number;
  description: string;
  reference: string;
  /** Unique: one renewal per ad and plan end. */
  renewalKey: string;
  dueAt: Date;
}

/** A pending renewal paid by transfer; null when this period's renewal, or another payment for the ad, exists. */
export async function insertRenewal(db: Knex, renewal: NewRenewal, now: Date): Promise<number | null> {
  try {
    const payment = await Payment.query(db).insert({
      ...renewal,
      kind: 'renewal',
      paymentMethod: 'transfer',
      status: 'pending',
      createdAt: now,
    });
    return payment.id;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return null;
  }
}
