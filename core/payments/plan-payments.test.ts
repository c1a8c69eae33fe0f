// Plan purchases and what a completed payment does to its ad, also while a report hold is released. On SQLite,
// and on PostgreSQL in the postgres project.
import { describe, expect, it } from 'vitest';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { addDays } from '#shared/plans.ts';
import { completePayment } from './complete-payment.ts';
import { cancelOwnPayment } from './own-payments.ts';
import { createPlanPurchase } from './purchase.ts';
import { processPayment } from './process-payment.ts';
import { createReport, decideReport } from '#db/queries/reports.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { usePlansDb, t, bankAccountId, NOW, ad, purchase, paid, publishedAd } from '#tooling/testing/plans.ts';

usePlansDb();

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
    await expect(cancelOwnPayment(t.db, await insertAdvertiser(t.db), result.payment.id, NOW)).rejects.toMatchObject({
      reason: 'own_payment_missing',
    });
    await expect(cancelOwnPayment(t.db, advertiser, result.payment.id, NOW)).resolves.toBeUndefined();
    await expect(cancelOwnPayment(t.db, advertiser, result.payment.id, NOW)).rejects.toMatchObject({ reason: 'own_payment_not_pending' });
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
    // As a reader of ranks finds it: no refresh by hand (docs/decisions/050-ranking.md).
    expect((await loadIndexRows(t.db, NOW)).find((r) => r.id === id)?.searchRank).toBeGreaterThanOrEqual(200_000);
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
    expect(await dismissing).toEqual({ releasedAdId: id });

    const row = await ad(id);
    expect(row).toMatchObject({ state: 'published', plan: 'vip' });
    expect(new Date(row.plan_expires_at).getTime()).toBe(completed.payment.planUntil!.getTime());
  });
});
