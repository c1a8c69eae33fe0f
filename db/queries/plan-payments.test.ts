// Plan purchases and what a completed payment does to its ad; the expiry and renewal job; the default order of
// search with plans; revenue by Buenos Aires month. On SQLite, and on PostgreSQL in the postgres project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { addDays } from '#shared/plans.ts';
import { cancelOwnPayment, completePayment, createPlanPurchase, type PurchaseInput } from './plan-payments.ts';
import { runPlanLifecycle } from './plan-lifecycle.ts';
import { refreshSearchRanks } from './search-rank.ts';
import { searchAds } from './search-ads.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { statistics } from './admin/statistics.ts';
import { processPayment } from './admin/payments.ts';
import { createReport, decideReport } from './reports.ts';

let t: TestDb;
let bankAccountId: number;
beforeAll(async () => {
  t = await createTestDb();
  const [row] = await t
    .db('bank_accounts')
    .insert({
      bank_name: 'Banco de Prueba',
      account_holder: 'Velada',
      account_number: '1',
      cbu: '0000003100010000000001',
      alias: 'velada.test',
      account_type: 'checking',
      active: true,
      created_at: new Date(),
    })
    .returning('id');
  bankAccountId = typeof row === 'object' ? row.id : row;
});
afterAll(() => t.destroy());

const NOW = new Date('2026-11-22T15:00:00Z');
const ad = (id: number) => t.db('ads').where('id', id).first();
const purchase = (advertiserId: number, adId: number, extra: Partial<PurchaseInput> = {}) =>
  createPlanPurchase(t.db, { advertiserId, adId, plan: 'vip', method: 'transfer', amount: 25000, priceNote: null, ...extra }, NOW);
const paid = async (paymentId: number, now = NOW) =>
  completePayment(t.db, { id: paymentId, bankAccountId, adminId: null, notes: null }, now);

async function publishedAd(category: 'masajes' | 'escorts' | 'trans' = 'masajes') {
  const advertiser = await insertAdvertiser(t.db);
  const id = await insertAd(t.db, advertiser, { category, publishedAt: addDays(NOW, -2) });
  return { advertiser, id };
}

describe('buying a plan', () => {
  it('creates one pending payment at the quoted amount; a second request answers with the same payment', async () => {
    const { advertiser, id } = await publishedAd();
    const first = await purchase(advertiser, id, {
      amount: 25000,
      priceNote: 'Precio mostrado al comprar: $ 25.000 (el precio vigente es $ 30.000).',
    });
    expect(first).toMatchObject({ ok: true, reused: false });
    if (!first.ok) throw new Error('refused');
    expect(first.payment).toMatchObject({ status: 'pending', plan: 'vip', kind: 'purchase', amount: 25000, method: 'transfer', adId: id });
    expect(first.payment.reference).toMatch(/^VEL-[0-9A-Z]{8}$/);
    expect(first.payment.description).toContain('Plan VIP (30 días)');
    expect(first.payment.priceNote).toContain('$ 30.000');
    const again = await purchase(advertiser, id);
    expect(again).toMatchObject({ ok: true, reused: true, payment: { id: first.payment.id } });
    expect(await t.db('payments').where('ad_id', id)).toHaveLength(1);
  });

  it('refuses another advertiser’s ad, an ad not published, a plan below the one in force and a second plan while one waits', async () => {
    const { advertiser, id } = await publishedAd();
    const stranger = await insertAdvertiser(t.db);
    expect(await purchase(stranger, id)).toEqual({ ok: false, reason: 'ad_missing' });
    const draft = await insertAd(t.db, advertiser, { state: 'pending' });
    expect(await purchase(advertiser, draft)).toEqual({ ok: false, reason: 'ad_not_published' });

    const first = await purchase(advertiser, id, { plan: 'premium', amount: 15000 });
    expect(await purchase(advertiser, id, { plan: 'vip' })).toMatchObject({ ok: false, reason: 'other_pending', plan: 'premium' });
    if (!first.ok) throw new Error('refused');
    await paid(first.payment.id);
    const vip = await publishedAd();
    const vipPayment = await purchase(vip.advertiser, vip.id);
    if (!vipPayment.ok) throw new Error('refused');
    await paid(vipPayment.payment.id);
    expect(await purchase(vip.advertiser, vip.id, { plan: 'premium', amount: 15000 })).toMatchObject({
      ok: false,
      reason: 'higher_plan_active',
      plan: 'vip',
    });
    expect(await t.db('payments').whereIn('ad_id', [id, draft, vip.id]).where('status', 'pending')).toHaveLength(0);
  });

  it('lets the advertiser cancel a payment still waiting, and nothing else', async () => {
    const { advertiser, id } = await publishedAd();
    const result = await purchase(advertiser, id);
    if (!result.ok) throw new Error('refused');
    expect(await cancelOwnPayment(t.db, await insertAdvertiser(t.db), result.payment.id, NOW)).toBe('missing');
    expect(await cancelOwnPayment(t.db, advertiser, result.payment.id, NOW)).toBe('ok');
    expect(await cancelOwnPayment(t.db, advertiser, result.payment.id, NOW)).toBe('not_pending');
    expect(await paid(result.payment.id)).toEqual({ ok: false, reason: 'not_pending' });
    expect(await ad(id)).toMatchObject({ plan: 'gratuito', plan_expires_at: null });
  });
});

describe('completing a payment', () => {
  it('starts the plan for 30 days, keeps the listing 30 free days beyond it, and puts the ad on top; only once', async () => {
    const { advertiser, id } = await publishedAd();
    const result = await purchase(advertiser, id);
    if (!result.ok) throw new Error('refused');
    const done = await paid(result.payment.id);
    expect(done).toMatchObject({ ok: true, payment: { plan: 'vip', amount: 25000, adTitle: 'Anuncio de prueba' } });
    const row = await ad(id);
    expect(row.plan).toBe('vip');
    expect(new Date(row.plan_expires_at).getTime()).toBe(addDays(NOW, 30).getTime());
    expect(new Date(row.expires_at).getTime()).toBe(addDays(NOW, 60).getTime());
    expect(row.search_rank).toBeGreaterThanOrEqual(200_000);
    const payment = await t.db('payments').where('id', result.payment.id).first();
    expect(payment).toMatchObject({ status: 'completed', bank_account_id: bankAccountId });
    expect(new Date(payment.plan_until).getTime()).toBe(addDays(NOW, 30).getTime());

    expect(await paid(result.payment.id, addDays(NOW, 1))).toEqual({ ok: false, reason: 'already_processed' });
    expect(new Date((await ad(id)).plan_expires_at).getTime()).toBe(addDays(NOW, 30).getTime());
  });

  it('continues a running plan from its end, and publishes again an ad that had expired', async () => {
    const { advertiser, id } = await publishedAd();
    const first = await purchase(advertiser, id, { plan: 'premium', amount: 15000 });
    if (!first.ok) throw new Error('refused');
    await paid(first.payment.id);
    const second = await createPlanPurchase(
      t.db,
      { advertiserId: advertiser, adId: id, plan: 'premium', method: 'transfer', amount: 15000, priceNote: null },
      addDays(NOW, 27),
    );
    if (!second.ok) throw new Error('refused');
    await paid(second.payment.id, addDays(NOW, 27));
    expect(new Date((await ad(id)).plan_expires_at).getTime()).toBe(addDays(NOW, 60).getTime());

    const lapsed = await publishedAd();
    const payment = await purchase(lapsed.advertiser, lapsed.id);
    if (!payment.ok) throw new Error('refused');
    await t.db('ads').where('id', lapsed.id).update({ state: 'expired' });
    await paid(payment.payment.id);
    expect(await ad(lapsed.id)).toMatchObject({ state: 'published', plan: 'vip' });
  });

  it('is refused by staff processing when no bank account is active, changing nothing', async () => {
    const { advertiser, id } = await publishedAd();
    const result = await purchase(advertiser, id);
    if (!result.ok) throw new Error('refused');
    await t.db('bank_accounts').update({ active: false });
    try {
      expect(await processPayment(t.db, { id: result.payment.id, bankAccountId, notes: null, adminId: 1 }, NOW)).toEqual({
        ok: false,
        reason: 'no_active_account',
      });
      expect(await t.db('payments').where('id', result.payment.id).first()).toMatchObject({ status: 'pending', bank_account_id: null });
      expect(await ad(id)).toMatchObject({ plan: 'gratuito' });
    } finally {
      await t.db('bank_accounts').where('id', bankAccountId).update({ active: true });
    }
    expect(await processPayment(t.db, { id: 999_999, bankAccountId, notes: null, adminId: 1 }, NOW)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(await processPayment(t.db, { id: result.payment.id, bankAccountId: 999_999, notes: null, adminId: 1 }, NOW)).toEqual({
      ok: false,
      reason: 'no_account',
    });
    expect(await processPayment(t.db, { id: result.payment.id, bankAccountId, notes: null, adminId: null as never }, NOW)).toMatchObject({
      ok: true,
    });
  });
});

describe('a payment completed while a report hold is released', () => {
  it('keeps the plan end the payment gave (the release waits for it instead of writing back what it read before)', async () => {
    const { advertiser, id } = await publishedAd('trans');
    const bought = await purchase(advertiser, id);
    if (!bought.ok) throw new Error('refused');
    const report = await createReport(
      t.db,
      { adId: id, adReference: null, reason: 'posible_menor', details: null, contactEmail: null, reporterKey: null },
      NOW,
    );
    expect(report.hidden).toBe(true);
    const [adminRow] = await t
      .db('admin_users')
      .insert({
        username: `staff${id}`,
        full_name: 'Staff',
        password_hash: 'x',
        is_master: true,
        permissions: '[]',
        active: true,
        created_at: NOW,
      })
      .returning('id');
    const adminId = typeof adminRow === 'object' ? adminRow.id : adminRow;

    // The payment completes in a transaction still open while staff dismiss the report.
    const trx = await t.db.transaction();
    const completed = await completePayment(trx, { id: bought.payment.id, bankAccountId, adminId: null, notes: null }, NOW);
    if (!completed.ok) throw new Error('not completed');
    const dismissing = decideReport(t.db, report.id, 'dismissed', adminId, NOW);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await trx.commit();
    expect(await dismissing).toBe('ok');

    const row = await ad(id);
    expect(row).toMatchObject({ state: 'published', plan: 'vip' });
    expect(new Date(row.plan_expires_at).getTime()).toBe(completed.payment.planUntil!.getTime());
  });
});

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

    // The plan ends at its date: back to Gratuito and to the normal order, still published.
    const after = await runPlanLifecycle(t.db, addDays(planEnd, 0.001));
    expect(after.plansEnded).toBeGreaterThanOrEqual(1);
    expect(await ad(id)).toMatchObject({ plan: 'gratuito', plan_expires_at: null, state: 'published' });
    expect((await ad(id)).search_rank).toBeLessThan(100_000);

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
