// MercadoPago through HTTP, on SQLite and PostgreSQL, against a local fake of their API: Checkout Pro, the
// webhook's signature, replays and idempotency, the buyer's return, and the site without MercadoPago configured.
import { describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp } from '#api/testing/http.ts';
import { issueQuote } from '#core/payments/price-quotes.ts';
import { signNotification } from './mercadopago.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import {
  usePaymentsApp,
  IDENTITY_KEY,
  WEBHOOK_SECRET,
  t,
  server,
  fake,
  mailer,
  advertiserWithAd,
  call,
  buy,
  paymentCount,
} from './testing.ts';

usePaymentsApp();

describe('MercadoPago', () => {
  const notify = (dataId: string, options: { ts?: number; secret?: string; requestId?: string } = {}) => {
    const ts = String(Math.floor((options.ts ?? Date.now()) / 1000));
    const requestId = options.requestId ?? `req-${Math.random().toString(36).slice(2)}`;
    const v1 = signNotification(options.secret ?? WEBHOOK_SECRET, dataId, requestId, ts);
    return fetch(`${server.url}/api/payments/mercadopago/webhook?data.id=${dataId}&type=payment`, {
      method: 'POST',
      // No same-origin headers: MercadoPago's servers call it.
      headers: { 'Content-Type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: dataId } }),
    });
  };

  it('creates a Checkout Pro preference and sends the buyer to it', async () => {
    const who = await advertiserWithAd();
    const bought = await buy(who, { method: 'mercadopago' });
    expect(bought.status).toBe(201);
    expect(bought.body.redirectUrl).toMatch(new RegExp(`^${fake.url}/checkout/v1/redirect\\?pref_id=pref-\\d+$`));
    const preference = fake.preferences.at(-1)!;
    expect(preference).toMatchObject({
      external_reference: bought.body.payment.reference,
      items: [{ quantity: 1, unit_price: 25000, currency_id: 'ARS' }],
      notification_url: expect.stringMatching(/\/api\/payments\/mercadopago\/webhook$/),
      back_urls: { success: expect.stringContaining(`/mi-cuenta/pagos/${bought.body.payment.reference}`) },
    });
    expect(bought.body.payment).toMatchObject({ method: 'mercadopago', status: 'pending' });
  });

  it('leaves no payment waiting when MercadoPago does not answer', async () => {
    const who = await advertiserWithAd();
    const before = await paymentCount();
    fake.down = true;
    try {
      const answer = await buy(who, { method: 'mercadopago' });
      expect([answer.status, answer.body.error.code]).toEqual([502, 'mercadopago_unavailable']);
    } finally {
      fake.down = false;
    }
    expect(await paymentCount()).toBe(before);
  });

  it('completes a payment from a signed notification once, however often it arrives', async () => {
    const who = await advertiserWithAd();
    const payment = (await buy(who, { method: 'mercadopago' })).body.payment;
    fake.payments.set('555001', { status: 'approved', external_reference: payment.reference, transaction_amount: 25000 });
    const sentBefore = mailer.sent.length;
    const first = await notify('555001');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ result: 'completed' });
    const row = await t.db('payments').where('id', payment.id).first();
    expect(row).toMatchObject({ status: 'completed', provider_payment_id: '555001', bank_account_id: null });
    expect(await t.db('ads').where('id', who.adId).first()).toMatchObject({ plan: 'vip' });
    const replay = await notify('555001');
    expect(await replay.json()).toMatchObject({ result: 'already_completed' });
    // A second MercadoPago payment for the same reference (two checkouts): reported, not applied twice.
    fake.payments.set('555009', { status: 'approved', external_reference: payment.reference, transaction_amount: 25000 });
    expect(await (await notify('555009')).json()).toMatchObject({ result: 'duplicate' });
    expect(mailer.sent.length).toBe(sentBefore + 1);
    expect((await t.db('payments').where('id', payment.id).first()).processed_at).toEqual(row.processed_at);
  });

  it('refuses forged, unsigned and stale notifications, and payments that are not approved or not the full amount', async () => {
    const who = await advertiserWithAd();
    const payment = (await buy(who, { method: 'mercadopago' })).body.payment;
    fake.payments.set('555002', { status: 'approved', external_reference: payment.reference, transaction_amount: 25000 });
    expect((await notify('555002', { secret: 'not-the-secret' })).status).toBe(401);
    expect((await notify('555002', { ts: Date.now() - 60 * 60_000 })).status).toBe(401);
    const unsigned = await fetch(`${server.url}/api/payments/mercadopago/webhook?data.id=555002&type=payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
    expect((await t.db('payments').where('id', payment.id).first()).status).toBe('pending');

    fake.payments.set('555003', { status: 'approved', external_reference: payment.reference, transaction_amount: 100 });
    expect(await (await notify('555003')).json()).toMatchObject({ result: 'amount_mismatch' });
    fake.payments.set('555004', { status: 'rejected', external_reference: payment.reference, transaction_amount: 25000 });
    expect(await (await notify('555004')).json()).toMatchObject({ result: 'not_approved' });
    expect((await t.db('payments').where('id', payment.id).first()).status).toBe('pending');
    expect(await t.db('ads').where('id', who.adId).first()).toMatchObject({ plan: 'gratuito' });
  });

  it('pays a payment already waiting (a renewal, say) through MercadoPago', async () => {
    const who = await advertiserWithAd();
    const payment = (await buy(who)).body.payment;
    const switched = await call('POST', `/api/advertiser/payments/${payment.id}/mercadopago`, { advertiser: who.cookie });
    expect(switched.body.redirectUrl).toContain('/checkout/v1/redirect?pref_id=');
    expect(fake.preferences.at(-1)).toMatchObject({ external_reference: payment.reference, items: [{ unit_price: 25000 }] });
    expect(await t.db('payments').where('id', payment.id).first()).toMatchObject({ payment_method: 'mercadopago', status: 'pending' });
    const stranger = await advertiserWithAd();
    expect((await call('POST', `/api/advertiser/payments/${payment.id}/mercadopago`, { advertiser: stranger.cookie })).status).toBe(404);
  });

  it('confirms on the buyer’s return, asking MercadoPago rather than trusting the address', async () => {
    const who = await advertiserWithAd();
    const payment = (await buy(who, { method: 'mercadopago' })).body.payment;
    const early = await call('GET', `/api/advertiser/payments/${payment.id}?mercadopago=555005`, { advertiser: who.cookie });
    expect(early.body.status).toBe('pending');
    fake.payments.set('555005', { status: 'approved', external_reference: payment.reference, transaction_amount: 25000 });
    const back = await call('GET', `/api/advertiser/payments/${payment.id}?mercadopago=555005`, { advertiser: who.cookie });
    expect(back.body).toMatchObject({ status: 'completed', plan: 'vip' });
  });
});

describe('without MercadoPago configured', () => {
  it('offers only transfers and has no webhook', async () => {
    const plain = await serveTestApp(t, { config: { identityKey: IDENTITY_KEY } });
    try {
      const who = await advertiserWithAd();
      const res = await fetch(`${plain.url}/api/advertiser/payments`, {
        method: 'POST',
        headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${who.cookie}` },
        body: JSON.stringify({ adId: who.adId, plan: 'vip', method: 'mercadopago', quote: await issueQuote(t.db, 'vip', 25000) }),
      });
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([400, 'method_unavailable']);
      expect((await fetch(`${plain.url}/api/payments/mercadopago/webhook`, { method: 'POST', body: '{}' })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
