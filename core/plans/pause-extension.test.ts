// Pausing an ad extends its paid plan day for day (decision 068): the job neither ends the plan nor the listing of a
// paused paid ad, and resuming adds the time paused to both. On SQLite, and on PostgreSQL in the postgres project.
import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/plans.ts';
import { changeOwnAd } from '#core/own-ads/change-own-ad.ts';
import { sendOwnAdToReview } from '#db/queries/advertiser-ads.ts';
import { runPlanLifecycle } from './plan-lifecycle.ts';
import { usePlansDb, t, NOW, ad, purchase, paid, publishedAd } from '#tooling/testing/plans.ts';

usePlansDb();

const endOf = async (id: number) => {
  const row = await ad(id);
  return {
    plan: row.plan,
    planEnd: row.plan_expires_at && new Date(row.plan_expires_at).getTime(),
    listingEnd: new Date(row.expires_at).getTime(),
  };
};

async function paidAd() {
  const { advertiser, id } = await publishedAd();
  const bought = await purchase(advertiser, id);
  if (!bought.ok) throw new Error('refused');
  await paid(bought.payment.id);
  return { advertiser, id };
}

describe('pausing an ad with a paid plan', () => {
  it('moves the plan and its listing 3 days later after a pause of 3 days', async () => {
    const { advertiser, id } = await paidAd();
    const before = await endOf(id);
    expect(before.planEnd).toBe(addDays(NOW, 30).getTime());
    await changeOwnAd(t.db, advertiser, id, 'pause', addDays(NOW, 1));
    await changeOwnAd(t.db, advertiser, id, 'resume', addDays(NOW, 4));
    const after = await endOf(id);
    expect(after).toEqual({ plan: 'vip', planEnd: addDays(NOW, 33).getTime(), listingEnd: before.listingEnd + 3 * 86_400_000 });
    expect((await ad(id)).paused_at).toBeNull();
    // The job does not end it at the old end; it does at the new one.
    await runPlanLifecycle(t.db, addDays(NOW, 31));
    expect((await endOf(id)).plan).toBe('vip');
    await runPlanLifecycle(t.db, addDays(NOW, 33.001));
    expect((await endOf(id)).plan).toBe('gratuito');
  });

  it('the job ends neither the plan nor the listing while the ad is paused, and creates no renewal', async () => {
    const { advertiser, id } = await paidAd();
    await changeOwnAd(t.db, advertiser, id, 'pause', addDays(NOW, 20));
    // Long past the plan's and the listing's old ends.
    for (const day of [27, 31, 61, 70]) await runPlanLifecycle(t.db, addDays(NOW, day));
    expect(await ad(id)).toMatchObject({ state: 'paused', plan: 'vip' });
    expect(await t.db('payments').where({ ad_id: id, kind: 'renewal' })).toHaveLength(0);
    // Resumed on day 70: 50 days paused, so the plan ends on day 80, and its renewal comes 5 days before.
    await changeOwnAd(t.db, advertiser, id, 'resume', addDays(NOW, 70));
    expect((await endOf(id)).planEnd).toBe(addDays(NOW, 80).getTime());
    await runPlanLifecycle(t.db, addDays(NOW, 76));
    const renewal = await t.db('payments').where({ ad_id: id, kind: 'renewal' }).first();
    expect(new Date(renewal.due_at).getTime()).toBe(addDays(NOW, 80).getTime());
  });

  it('moves a pending renewal with the plan when the ad was paused after it was created', async () => {
    const { advertiser, id } = await paidAd();
    await runPlanLifecycle(t.db, addDays(NOW, 26));
    await changeOwnAd(t.db, advertiser, id, 'pause', addDays(NOW, 27));
    await changeOwnAd(t.db, advertiser, id, 'resume', addDays(NOW, 29));
    const renewal = await t.db('payments').where({ ad_id: id, kind: 'renewal' }).first();
    expect(new Date(renewal.due_at).getTime()).toBe(addDays(NOW, 32).getTime());
    expect((await endOf(id)).planEnd).toBe(addDays(NOW, 32).getTime());
  });

  it('credits the time paused when the paused ad goes back to review instead (edited), once, and only for its owner', async () => {
    const { advertiser, id } = await paidAd();
    await changeOwnAd(t.db, advertiser, id, 'pause', addDays(NOW, 1));
    const { advertiser: stranger } = await publishedAd();
    await t.db.transaction((trx) => sendOwnAdToReview(trx, stranger, id, ['paused'], addDays(NOW, 3)));
    expect(await ad(id)).toMatchObject({ state: 'paused' });
    expect((await ad(id)).paused_at).not.toBeNull();
    await t.db.transaction((trx) => sendOwnAdToReview(trx, advertiser, id, ['paused', 'published'], addDays(NOW, 4)));
    expect(await ad(id)).toMatchObject({ state: 'pending', paused_at: null });
    expect((await endOf(id)).planEnd).toBe(addDays(NOW, 33).getTime());
    // In review, the plan runs again: the job ends it at its new end, not before.
    await runPlanLifecycle(t.db, addDays(NOW, 31));
    expect((await endOf(id)).plan).toBe('vip');
  });

  it('a free listing keeps running while paused, as before', async () => {
    const { advertiser, id } = await publishedAd();
    const { listingEnd } = await endOf(id);
    await changeOwnAd(t.db, advertiser, id, 'pause', addDays(NOW, 1));
    await changeOwnAd(t.db, advertiser, id, 'resume', addDays(NOW, 5));
    expect((await endOf(id)).listingEnd).toBe(listingEnd);
    await changeOwnAd(t.db, advertiser, id, 'pause', addDays(NOW, 6));
    await runPlanLifecycle(t.db, new Date(listingEnd + 1000));
    expect((await ad(id)).state).toBe('expired');
  });
});
