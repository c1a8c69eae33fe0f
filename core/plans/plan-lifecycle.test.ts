// The expiry and renewal job, the default order of search with plans, and revenue by Buenos Aires day and month.
// On SQLite, and on PostgreSQL in the postgres project.
import { describe, expect, it } from 'vitest';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { addDays } from '#shared/plans.ts';
import { runPlanLifecycle } from './plan-lifecycle.ts';
import { refreshSearchRanks } from '#db/queries/search-rank.ts';
import { searchAds } from '#db/queries/search-ads.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { statistics } from '#db/queries/admin/statistics.ts';
import { usePlansDb, t, NOW, ad, purchase, paid, publishedAd } from '#tooling/testing/plans.ts';

usePlansDb();

describe('the expiry and renewal job', () => {
  it('creates one renewal before a paid plan ends, however often it runs, then ends the plan and later the listing', async () => {
    const { advertiser, id } = await publishedAd('trans');
    const bought = await purchase(advertiser, id, { plan: 'premium', amount: 15000 });
    if (!bought.ok) throw new Error('refused');
    await paid(bought.payment.id);
    const planEnd = addDays(NOW, 30);

    // Six days before the end: nothing yet for this ad.
    await runPlanLifecycle(t.db, addDays(planEnd, -6));
    expect(await t.db('payments').where({ ad_id: id, kind: 'renewal' })).toHaveLength(0);

    const noticeDay = addDays(planEnd, -4);
    const [first, second] = [await runPlanLifecycle(t.db, noticeDay), await runPlanLifecycle(t.db, noticeDay)];
    await runPlanLifecycle(t.db, addDays(noticeDay, 1));
    expect(first.renewalsCreated.filter((r) => r.adTitle === 'Anuncio de prueba' && r.plan === 'premium').length).toBeGreaterThanOrEqual(1);
    expect(second.renewalsCreated).toHaveLength(0);
    const renewals = await t.db('payments').where({ ad_id: id, kind: 'renewal' });
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'pending', plan: 'premium', amount: 15000 });
    expect(new Date(renewals[0].due_at).getTime()).toBe(planEnd.getTime());

    // The plan ends at its date: back to Gratuito and to the normal order, still published. Ranks as a reader
    // reads them (the index's rows): the job refreshes none itself (docs/decisions/050-ranking.md).
    const rankAt = async (when: Date) => (await loadIndexRows(t.db, when)).find((row) => row.id === id)?.searchRank;
    expect(await rankAt(noticeDay)).toBeGreaterThanOrEqual(100_000);
    const after = await runPlanLifecycle(t.db, addDays(planEnd, 0.001));
    expect(after.plansEnded).toBeGreaterThanOrEqual(1);
    expect(await ad(id)).toMatchObject({ plan: 'gratuito', plan_expires_at: null, state: 'published' });
    expect(await rankAt(addDays(planEnd, 0.001))).toBeLessThan(100_000);

    // A week later the unpaid renewal is cancelled, once; the free listing runs out 30 days after the plan.
    const late = await runPlanLifecycle(t.db, addDays(planEnd, 7.01));
    expect(late.renewalsCancelled).toBeGreaterThanOrEqual(1);
    expect((await t.db('payments').where('id', renewals[0].id).first()).status).toBe('cancelled');
    expect((await runPlanLifecycle(t.db, addDays(planEnd, 7.02))).renewalsCancelled).toBe(0);
    await runPlanLifecycle(t.db, addDays(planEnd, 30.01));
    expect((await ad(id)).state).toBe('expired');
  });

  it('a renewal paid in time continues the plan from its end, with no second renewal for the same period', async () => {
    const { advertiser, id } = await publishedAd();
    const bought = await purchase(advertiser, id);
    if (!bought.ok) throw new Error('refused');
    await paid(bought.payment.id);
    const planEnd = addDays(NOW, 30);
    await runPlanLifecycle(t.db, addDays(planEnd, -3));
    const renewal = await t.db('payments').where({ ad_id: id, kind: 'renewal' }).first();
    expect(await paid(renewal.id, addDays(planEnd, -2))).toMatchObject({ ok: true });
    expect(new Date((await ad(id)).plan_expires_at).getTime()).toBe(addDays(planEnd, 30).getTime());
    await runPlanLifecycle(t.db, addDays(planEnd, -1));
    expect(await t.db('payments').where({ ad_id: id, kind: 'renewal' })).toHaveLength(1);
  });

  it('expires free listings at their date', async () => {
    const { id } = await publishedAd();
    const end = new Date((await ad(id)).expires_at);
    await runPlanLifecycle(t.db, addDays(end, -0.01));
    expect((await ad(id)).state).toBe('published');
    await runPlanLifecycle(t.db, addDays(end, 0.01));
    expect((await ad(id)).state).toBe('expired');
  });
});

describe('the default order of search', () => {
  it('puts VIP first, then Premium, then the rest, and rotates ties from one day to the next', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const ids: Record<string, number[]> = { vip: [], premium: [], gratuito: [] };
    for (const plan of ['gratuito', 'premium', 'vip', 'gratuito', 'premium', 'vip', 'gratuito', 'gratuito'] as const) {
      ids[plan]!.push(
        await insertAd(t.db, advertiser, {
          category: 'escorts',
          barrio: 'saavedra',
          plan,
          planExpiresAt: plan === 'gratuito' ? null : addDays(NOW, 20),
        }),
      );
    }
    const mine = new Set(Object.values(ids).flat());
    const order = async (day: Date) => {
      await refreshSearchRanks(t.db, day);
      const result = await searchAds(t.db, parseSearchParams(new URLSearchParams('categoria=escorts&barrio=saavedra')), day);
      return result.ads.map((a) => a.id).filter((id) => mine.has(id));
    };
    const plans = (list: number[]) =>
      list.map((id) => (ids.vip!.includes(id) ? 'vip' : ids.premium!.includes(id) ? 'premium' : 'gratuito'));
    const days = Array.from({ length: 14 }, (_, d) => addDays(NOW, d));
    const orders = [];
    for (const day of days) {
      const list = await order(day);
      expect(plans(list)).toEqual(['vip', 'vip', 'premium', 'premium', 'gratuito', 'gratuito', 'gratuito', 'gratuito']);
      orders.push(list);
    }
    // Within a tier, who leads changes over two weeks: no paying ad is always last.
    expect(new Set(orders.map((o) => o[0])).size).toBe(2);
    expect(new Set(orders.map((o) => o.slice(4).join())).size).toBeGreaterThan(1);
  });
});

describe('revenue statistics', () => {
  it('counts completed payments by Buenos Aires day and month, across a month boundary', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const baseline = await statistics(t.db, new Date('2026-12-01T15:00:00Z'));
    const insert = (amount: number, processedAt: string, status = 'completed') =>
      t.db('payments').insert({
        advertiser_id: advertiser,
        amount,
        payment_method: 'transfer',
        status,
        reference: `VEL-STAT${amount}`,
        processed_at: new Date(processedAt),
        created_at: new Date(processedAt),
      });
    // 23:30 on 30 November in Buenos Aires is already 1 December in UTC: it belongs to November.
    await insert(1000, '2026-12-01T02:30:00Z');
    // 00:30 on 1 December in Buenos Aires.
    await insert(2000, '2026-12-01T03:30:00Z');
    await insert(4000, '2026-12-01T14:00:00Z');
    await insert(8000, '2026-12-01T14:30:00Z', 'pending');
    await insert(16000, '2026-12-01T14:45:00Z', 'cancelled');
    const december = await statistics(t.db, new Date('2026-12-01T15:00:00Z'));
    expect(december.monthlyRevenue - baseline.monthlyRevenue).toBe(6000);
    expect(december.todayRevenue - baseline.todayRevenue).toBe(6000);
    const lastDayOfNovember = await statistics(t.db, new Date('2026-12-01T02:45:00Z'));
    expect(lastDayOfNovember.todayRevenue).toBe(1000);
  });
});
