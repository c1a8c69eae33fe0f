// Buying a plan through HTTP, on SQLite and PostgreSQL: the quoted price, bad input that changes nothing, transfer
// receipts, staff processing with the confirmation mail, and MercadoPago against a local fake of their API (the
// webhook's signature, replays, idempotency).
import { describe, expect, it } from 'vitest';
import { testJpeg } from '#api/testing/images.ts';
import { setPlanPrices } from '#db/queries/settings.ts';
import { readDocument } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { issueQuote, QUOTE_TTL_MS } from '#core/payments/price-quotes.ts';
import { usePaymentsApp, IDENTITY_KEY, t, adminCookie, mailer, advertiserWithAd, call, buy, receiptForm, paymentCount } from './testing.ts';

usePaymentsApp();

describe('buying a plan', () => {
  it('creates a pending payment at the price shown, and answers a double submit with the same payment', async () => {
    const who = await advertiserWithAd();
    const first = await buy(who);
    expect(first.status).toBe(201);
    expect(first.body.payment).toMatchObject({
      status: 'pending',
      plan: 'vip',
      amount: 25000,
      method: 'transfer',
      adId: who.adId,
      priceNote: null,
    });
    const second = await buy(who);
    expect(second).toMatchObject({ status: 200, body: { reused: true, payment: { id: first.body.payment.id } } });
    expect((await call('GET', '/api/advertiser/payments', { advertiser: who.cookie })).body).toHaveLength(1);
  });

  it('keeps the price shown when staff change it in between, and says so', async () => {
    const who = await advertiserWithAd();
    const quote = await issueQuote(t.db, 'vip', 25000);
    await setPlanPrices(t.db, { premium: 15000, vip: 30000 });
    try {
      const bought = await buy(who, { quote });
      expect(bought.status).toBe(201);
      expect(bought.body.payment.amount).toBe(25000);
      expect(bought.body.payment.priceNote).toMatch(/Precio mostrado al comprar: \$\s?25\.000 \(el precio vigente es \$\s?30\.000\)/);
    } finally {
      await setPlanPrices(t.db, { premium: 15000, vip: 25000 });
    }
  });

  it('refuses bad input with a Spanish message and changes nothing', async () => {
    const who = await advertiserWithAd();
    const stranger = await advertiserWithAd();
    const unpublished = await advertiserWithAd('pending');
    const before = await paymentCount();
    const cases: [Promise<{ status: number; body: { error: { code: string; message: string } } }>, number, string][] = [
      [buy({ cookie: who.cookie, adId: stranger.adId }), 404, 'ad_not_found'],
      [buy({ cookie: who.cookie, adId: 999_999 }), 404, 'ad_not_found'],
      [buy(unpublished), 409, 'ad_not_published'],
      [buy(who, { plan: 'oro' }), 400, 'invalid_input'],
      [buy(who, { method: 'efectivo' }), 400, 'invalid_input'],
      // A price the browser made up, or a Premium quote used for VIP.
      [buy(who, { quote: (await issueQuote(t.db, 'vip', 25000)).replace('.25000.', '.100.') }), 400, 'invalid_quote'],
      [buy(who, { quote: await issueQuote(t.db, 'premium', 15000) }), 400, 'invalid_quote'],
      [buy(who, { quote: await issueQuote(t.db, 'vip', 25000, new Date(Date.now() - QUOTE_TTL_MS - 60_000)) }), 409, 'quote_expired'],
      [
        call('POST', '/api/advertiser/payments', {}, { adId: who.adId, plan: 'vip', method: 'transfer', quote: 'x' }),
        401,
        'unauthenticated',
      ],
    ];
    for (const [pending, status, code] of cases) {
      const answer = await pending;
      expect([answer.status, answer.body.error.code]).toEqual([status, code]);
      expect(answer.body.error.message).toMatch(/[a-záéíóúñ]/);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('offers no transfer while no bank account is active', async () => {
    const who = await advertiserWithAd();
    await t.db('bank_accounts').update({ active: false });
    try {
      const answer = await buy(who);
      expect([answer.status, answer.body.error.code]).toEqual([409, 'no_active_bank_account']);
    } finally {
      await t.db('bank_accounts').update({ active: true });
    }
  });
});

describe('transfer receipts', () => {
  it('takes an image (re-encoded, sealed) or a PDF, refuses anything else, and shows it to staff with an audit entry', async () => {
    const who = await advertiserWithAd();
    const payment = (await buy(who)).body.payment;
    const path = `/api/advertiser/payments/${payment.id}/receipt`;

    const fakePdf = await call(
      'POST',
      path,
      { advertiser: who.cookie },
      receiptForm(Buffer.from('MZ not a receipt at all'), 'comprobante.pdf', 'application/pdf'),
    );
    expect([fakePdf.status, fakePdf.body.error.code]).toEqual([400, 'invalid_receipt']);
    const tooBig = await call(
      'POST',
      path,
      { advertiser: who.cookie },
      receiptForm(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'grande.jpg', 'image/jpeg'),
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.message).toContain('5 MB');
    const stranger = await advertiserWithAd();
    expect((await call('POST', path, { advertiser: stranger.cookie }, receiptForm(await testJpeg(), 'c.jpg', 'image/jpeg'))).status).toBe(
      404,
    );
    expect((await t.db('payments').where('id', payment.id).first()).receipt_key).toBeNull();

    const image = await call(
      'POST',
      path,
      { advertiser: who.cookie },
      receiptForm(await testJpeg(300, 200, { exif: true }), 'comprobante.jpg', 'image/jpeg'),
    );
    expect(image.status).toBe(200);
    expect(image.body.receipt).toMatchObject({ type: 'image/webp' });
    const row = await t.db('payments').where('id', payment.id).first();
    const stored = await readDocument(diskStore(t.dataDir), IDENTITY_KEY, row.receipt_key, 'receipts');
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(stored.includes(Buffer.from('SN-123456'))).toBe(false);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const replaced = await call('POST', path, { advertiser: who.cookie }, receiptForm(pdf, 'comprobante.pdf', 'application/pdf'));
    expect(replaced.body.receipt).toMatchObject({ type: 'application/pdf' });

    const seen = await call('GET', `/api/admin/payments/${payment.id}/receipt`, { admin: adminCookie });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.compare(seen.body as Buffer, pdf)).toBe(0);
    expect(await t.db('audit_log').where({ action: 'payment_receipt_viewed', target_id: payment.id })).toHaveLength(1);
    expect((await call('GET', `/api/admin/payments/${payment.id}/receipt`, {})).status).toBe(401);
  });
});

describe('staff processing', () => {
  it('completes the payment once, starts the plan and mails the advertiser', async () => {
    const who = await advertiserWithAd();
    const payment = (await buy(who)).body.payment;
    const account = await t.db('bank_accounts').where('active', true).first('id');
    const done = await call('POST', `/api/admin/payments/${payment.id}/process`, { admin: adminCookie }, { bankAccountId: account.id });
    expect(done.status).toBe(200);
    expect(await t.db('ads').where('id', who.adId).first()).toMatchObject({ plan: 'vip' });
    const advertiser = await t.db('advertisers').where('id', who.id).first('email');
    const mail = mailer.sent.findLast((m) => m.to === advertiser.email)!;
    expect(mail.subject).toBe(`Confirmamos tu pago ${payment.reference}`);
    expect(mail.text).toContain('Tu plan VIP para «Anuncio de prueba» está activo hasta el');
    expect(mail.text).toContain(`/mi-cuenta/pagos/${payment.reference}`);
    const again = await call('POST', `/api/admin/payments/${payment.id}/process`, { admin: adminCookie }, { bankAccountId: account.id });
    expect([again.status, again.body.error.code]).toEqual([409, 'already_processed']);
    const receipt = await call(
      'POST',
      `/api/advertiser/payments/${payment.id}/receipt`,
      { advertiser: who.cookie },
      receiptForm(await testJpeg(), 'c.jpg', 'image/jpeg'),
    );
    expect(receipt.status).toBe(409);
  });

  it('refuses to process without an active bank account, changing nothing', async () => {
    const who = await advertiserWithAd();
    const payment = (await buy(who)).body.payment;
    const account = await t.db('bank_accounts').first('id');
    await t.db('bank_accounts').update({ active: false });
    try {
      const answer = await call('POST', `/api/admin/payments/${payment.id}/process`, { admin: adminCookie }, { bankAccountId: account.id });
      expect([answer.status, answer.body.error.code]).toEqual([409, 'no_active_bank_account']);
      expect((await t.db('payments').where('id', payment.id).first()).status).toBe('pending');
    } finally {
      await t.db('bank_accounts').where('id', account.id).update({ active: true });
    }
  });

  it('cannot process a payment the advertiser cancelled', async () => {
    const who = await advertiserWithAd();
    const payment = (await buy(who)).body.payment;
    expect((await call('POST', `/api/advertiser/payments/${payment.id}/cancel`, { advertiser: who.cookie })).body.status).toBe('cancelled');
    const account = await t.db('bank_accounts').where('active', true).first('id');
    const answer = await call('POST', `/api/admin/payments/${payment.id}/process`, { admin: adminCookie }, { bankAccountId: account.id });
    expect([answer.status, answer.body.error.code]).toEqual([409, 'not_pending']);
    expect(await t.db('ads').where('id', who.adId).first()).toMatchObject({ plan: 'gratuito' });
  });
});
