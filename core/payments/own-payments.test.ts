// The advertiser's payments as their account shows them, the purchase page and buying a plan with a signed quote: on
// SQLite, and on PostgreSQL in the postgres project.
import { describe, expect, it } from 'vitest';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { usePlansDb, t, NOW, purchase, paid, publishedAd } from '#tooling/testing/plans.ts';
import { addDays } from '#shared/plans.ts';
import { setPlanPrices } from '#db/queries/settings.ts';
import { formatMoney } from '#shared/format.ts';
import { findOwnPaymentByReference, listOwnPayments, ownPaymentPage } from './own-payments.ts';
import { planCheckout, purchasableAds } from './purchase.ts';
import { buyPlan, type Checkout } from './buy-plan.ts';
import { issueQuote, readQuote, QUOTE_TTL_MS } from './price-quotes.ts';

usePlansDb();

describe('own payments', () => {
  it('lists the advertiser’s payments newest first, with the ad’s title and ISO dates, and finds one by its reference', async () => {
    const { advertiser, id } = await publishedAd();
    const bought = await purchase(advertiser, id, { plan: 'premium', amount: 15000 });
    if (!bought.ok) throw new Error('refused');
    expect(await listOwnPayments(t.db, advertiser)).toEqual([
      {
        id: bought.payment.id,
        reference: bought.payment.reference,
        plan: 'premium',
        kind: 'purchase',
        amount: 15000,
        description: 'Plan Premium (30 días) para «Anuncio de prueba»',
        method: 'transfer',
        status: 'pending',
        priceNote: null,
        adId: id,
        adTitle: 'Anuncio de prueba',
        receipt: null,
        planUntil: null,
        dueAt: null,
        createdAt: NOW.toISOString(),
        processedAt: null,
      },
    ]);
    expect(await findOwnPaymentByReference(t.db, advertiser, bought.payment.reference)).toMatchObject({ id: bought.payment.id });
    expect(await findOwnPaymentByReference(t.db, await insertAdvertiser(t.db), bought.payment.reference)).toBeNull();
    expect(await findOwnPaymentByReference(t.db, advertiser, 'no-es-una-referencia')).toBeNull();
  });

  it('gives the page of a waiting payment the account to transfer to, without its number, and none once paid', async () => {
    const { advertiser, id } = await publishedAd();
    const bought = await purchase(advertiser, id);
    if (!bought.ok) throw new Error('refused');
    const waiting = await ownPaymentPage(t.db, advertiser, bought.payment.reference);
    expect(waiting!.account).toEqual({
      bankName: 'Banco de Prueba',
      accountHolder: 'Velada',
      accountType: 'checking',
      cbu: '0000003100010000000001',
      alias: 'velada.test',
    });
    await paid(bought.payment.id);
    const done = await ownPaymentPage(t.db, advertiser, bought.payment.reference);
    expect(done).toMatchObject({ payment: { status: 'completed', planUntil: addDays(NOW, 30).toISOString() }, account: null });
  });
});

describe('the purchase page', () => {
  it('offers the published ads with the plan in force, and signs the prices it shows', async () => {
    const { advertiser, id } = await publishedAd();
    await insertAd(t.db, advertiser, { state: 'pending' });
    const vip = await insertAd(t.db, advertiser, { plan: 'vip', planExpiresAt: addDays(NOW, 3) });
    expect(await purchasableAds(t.db, advertiser, NOW)).toEqual([
      { id, title: 'Anuncio de prueba', category: 'masajes', plan: 'gratuito', planUntil: null },
      { id: vip, title: 'Anuncio de prueba', category: 'masajes', plan: 'vip', planUntil: addDays(NOW, 3).toISOString() },
    ]);
    const page = await planCheckout(t.db, advertiser, { mercadoPago: false }, NOW);
    expect(page.methods).toEqual({ transfer: true, mercadopago: false });
    expect(await readQuote(t.db, page.quotes.vip, NOW)).toEqual({ plan: 'vip', amount: page.prices.vip, issuedAt: NOW });
  });
});

describe('buying a plan', () => {
  it('pays the quoted price and says so when the price changed meanwhile', async () => {
    const { advertiser, id } = await publishedAd();
    await setPlanPrices(t.db, { premium: 15000, vip: 25000 });
    const quote = await issueQuote(t.db, 'vip', 25000);
    await setPlanPrices(t.db, { premium: 15000, vip: 30000 });
    const bought = await buyPlan(
      { db: t.db, checkout: null },
      { advertiserId: advertiser, adId: id, plan: 'vip', method: 'transfer', quote },
    );
    expect(bought).toMatchObject({ ok: true, reused: false, redirectUrl: null, payment: { amount: 25000, status: 'pending' } });
    if (!bought.ok) throw new Error('refused');
    expect(bought.payment.priceNote).toBe(
      `Precio mostrado al comprar: ${formatMoney(25000)} (el precio vigente es ${formatMoney(30000)}).`,
    );
  });

  it('refuses an altered, expired or other plan’s quote, and a way to pay that is closed', async () => {
    const { advertiser, id } = await publishedAd();
    const buy = async (quote: string, method: 'transfer' | 'mercadopago' = 'transfer', checkout: Checkout | null = null) =>
      buyPlan({ db: t.db, checkout }, { advertiserId: advertiser, adId: id, plan: 'vip', method, quote });
    expect(await buy((await issueQuote(t.db, 'vip', 25000)).replace('.25000.', '.100.'))).toEqual({ ok: false, reason: 'invalid_quote' });
    expect(await buy(await issueQuote(t.db, 'premium', 15000))).toEqual({ ok: false, reason: 'invalid_quote' });
    const old = await issueQuote(t.db, 'vip', 25000, new Date(Date.now() - QUOTE_TTL_MS - 60_000));
    expect(await buy(old)).toEqual({ ok: false, reason: 'quote_expired' });
    expect(await buy(await issueQuote(t.db, 'vip', 25000), 'mercadopago')).toEqual({ ok: false, reason: 'mercadopago_off' });
    await t.db('bank_accounts').update({ active: false });
    try {
      expect(await buy(await issueQuote(t.db, 'vip', 25000))).toEqual({ ok: false, reason: 'no_bank_account' });
    } finally {
      await t.db('bank_accounts').update({ active: true });
    }
    expect(await t.db('payments').where('ad_id', id)).toEqual([]);
  });

  it('through MercadoPago, makes their checkout first and keeps its preference with the payment', async () => {
    const { advertiser, id } = await publishedAd();
    const asked: { reference: string; description: string; amount: number }[] = [];
    const checkout: Checkout = async (payment) => {
      asked.push(payment);
      return { id: 'pref-1', initPoint: 'https://mercadopago.example/checkout/pref-1' };
    };
    const bought = await buyPlan(
      { db: t.db, checkout },
      { advertiserId: advertiser, adId: id, plan: 'vip', method: 'mercadopago', quote: await issueQuote(t.db, 'vip', 25000) },
    );
    expect(bought).toMatchObject({
      ok: true,
      redirectUrl: 'https://mercadopago.example/checkout/pref-1',
      payment: { method: 'mercadopago' },
    });
    if (!bought.ok) throw new Error('refused');
    expect(asked).toEqual([
      { reference: bought.payment.reference, description: 'Plan VIP (30 días) para «Anuncio de prueba»', amount: 25000 },
    ]);
    expect(await t.db('payments').where('id', bought.payment.id).first()).toMatchObject({ provider_preference_id: 'pref-1' });
    // Refused before MercadoPago is asked: another advertiser's ad.
    const stranger = await buyPlan(
      { db: t.db, checkout },
      {
        advertiserId: await insertAdvertiser(t.db),
        adId: id,
        plan: 'vip',
        method: 'mercadopago',
        quote: await issueQuote(t.db, 'vip', 25000),
      },
    );
    expect(stranger).toEqual({ ok: false, reason: 'ad_missing' });
    expect(asked).toHaveLength(1);
  });
});
