// Pausing an ad extends its paid plan day for day (decision 068): while an ad with a paid plan is paused, the plan's
// time stands still, and resuming it adds the exact time it was paused to the plan's end and to its listing's end
// (the listing runs the free plan's days beyond the paid plan, decision 013). A free listing keeps running while
// paused, as before (decision 010).
import { PAID_PLANS } from '#shared/plans.ts';
import type { Plan } from '#shared/catalogue.ts';

export interface PausedAd {
  plan: Plan;
  planExpiresAt: Date | null;
  expiresAt: Date | null;
  pausedAt: Date | null;
}

export interface ResumedEnds {
  planExpiresAt: Date | null;
  expiresAt: Date | null;
  /** How much later everything tied to the plan's end moves (its pending renewal): 0 for a free ad. */
  shiftMs: number;
}

/** Whether the paused ad's plan is frozen: a paid plan that had not ended when the ad was paused. */
export function planFrozen(ad: PausedAd): boolean {
  return (
    (PAID_PLANS as readonly string[]).includes(ad.plan) &&
    ad.pausedAt !== null &&
    ad.planExpiresAt !== null &&
    ad.planExpiresAt > ad.pausedAt
  );
}

/** The plan's and the listing's ends once the ad is resumed at `now`. */
export function resumedEnds(ad: PausedAd, now: Date): ResumedEnds {
  if (!planFrozen(ad)) return { planExpiresAt: ad.planExpiresAt, expiresAt: ad.expiresAt, shiftMs: 0 };
  const shiftMs = Math.max(0, now.getTime() - ad.pausedAt!.getTime());
  const later = (date: Date | null) => (date ? new Date(date.getTime() + shiftMs) : null);
  return { planExpiresAt: later(ad.planExpiresAt), expiresAt: later(ad.expiresAt), shiftMs };
}
