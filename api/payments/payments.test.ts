// Buying a plan through HTTP, on SQLite and PostgreSQL: the quoted price, bad input that changes nothing, transfer
// receipts, staff processing with the confirmation mail, and MercadoPago against a local fake of their API (the
// webhook's signature, replays, idempotency).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { startFakeMercadoPago, type FakeMercadoPago } from '#api/testing/fake-mercadopago.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { setPlanPrices } from '#db/queries/settings.ts';
import { createAdministratorAccount } from '#api/admin/administrator-accounts.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { readDocument } from '#api/services/identity-vault.ts';
import { issueQuote, QUOTE_TTL_MS } from './price-quotes.ts';
import { signNotification } from './mercadopago.ts';
import { staffSessions, advertiserSessions } from '#api/auth/sessions.ts';

const IDENTITY_KEY = Buffer.alloc(32, 9);
const WEBHOOK_SECRET = 'webhook-secret-for-tests';
let t: TestDb;
let server: TestApp;
let fake: FakeMercadoPago;
let adminCookie: string;
const mailer = new MemoryMailer();

beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeMercadoPago();
  server = await serveTestApp(t, {
    mailer,
    config: { identityKey: IDENTITY_KEY, mercadoPago: { accessToken: fake.accessToken, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url } },
  });
  await t.db('bank_accounts').insert({
    bank_name: 'Banco de Prueba',
    account_holder: 'Velada SRL',
    account_number: '1',
    cbu: '0000003100010000000001',
    alias: 'velada.test',
    account_type: 'checking',
    active: true,
    created_at: new Date(),
  });
  const adminId = await createAdministratorAccount(t.db, {
    username: 'cobranzas',
    fullName: 'Cobranzas',
    password: 'una-clave-de-cobranzas',
    permissions: ['view_payments', 'process_payments'],
  });
  adminCookie = await staffSessions.create(t.db, adminId);
});
afterAll(async () => {
  await server.close();
  await fake.close();
  await t.destroy();
});

async function advertiserWithAd(state = 'published') {
  const id = await insertAdvertiser(t.db, { email: `compra${Math.random().toString(36).slice(2)}@example.com` });
  const adId = await insertAd(t.db, id, { state, category: 'trans' });
  return { id, adId, cookie: await advertiserSessions.create(t.db, id) };
}

async function call(
  method: string,
  path: string,
  cookie: { advertiser?: string; admin?: string },
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const cookies = [
    cookie.advertiser && `${advertiserSessions.cookie}=${cookie.advertiser}`,
    cookie.admin && `${staffSessions.cookie}=${cookie.admin}`,
  ]
    .filter(Boolean)
    .join('; ');
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body instanceof FormData ? { 'Sec-Fetch-Site': 'same-origin' } : sameOriginJson),
      ...(cookies ? { Cookie: cookies } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    headers: res.headers,
    body: type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer()),
  };
}

const buy = async (who: { cookie: string; adId: number }, extra: Record<string, unknown> = {}) =>
  call(
    'POST',
    '/api/advertiser/payments',
    { advertiser: who.cookie },
    { adId: who.adId, plan: 'vip', method: 'transfer', quote: await issueQuote(t.db, 'vip', 25000), ...extra },
  );

const receiptForm = (bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.append('receipt', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};
const paymentCount = async () => Number((await t.db('payments').count({ n: '*' }).first())?.n);

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
    const stored = await readDocument(t.dataDir, IDENTITY_KEY, row.receipt_key, 'receipts');
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
