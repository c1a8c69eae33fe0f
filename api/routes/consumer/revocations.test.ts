// "Botón de arrepentimiento" over HTTP (decision 068), on SQLite and PostgreSQL: a purchase revoked without signing
// in, answered at once with a code and mailed to the account's address only; its plan ends; the same answer for an
// unknown reference and for another account's; nothing recorded after 10 days; the budget per reference; staff see
// the request in Pagos and mark it refunded, audited.
import { describe, expect, it } from 'vitest';
import { usePaymentsApp, t, adminCookie, mailer, advertiserWithAd, call, buy } from '#api/routes/payments/testing.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';

// A proxy on loopback: each request comes from an address of its own (X-Forwarded-For), so that the budget per
// source does not stop the tests; the budget per reference is counted whatever the address.
usePaymentsApp({ trustedProxies: ['127.0.0.1'] });
let address = 0;

const DAY = 86_400_000;
const revoke = (reference: string, email: string) =>
  call('POST', '/api/revocations', {}, { reference, email }, { 'X-Forwarded-For': `203.0.113.${(address += 1)}` });
const emailOf = async (id: number) => (await t.db('advertisers').where('id', id).first('email')).email as string;

async function paidPurchase() {
  const buyer = await advertiserWithAd();
  const bought = await buy(buyer);
  expect(bought.status).toBe(201);
  const payment = await t.db('payments').where({ ad_id: buyer.adId, status: 'pending' }).first();
  const account = await t.db('bank_accounts').first('id');
  const processed = await call('POST', `/api/admin/payments/${payment.id}/process`, { admin: adminCookie }, { bankAccountId: account.id });
  expect(processed.status).toBe(200);
  return { buyer, payment, email: await emailOf(buyer.id) };
}

describe('the Botón de arrepentimiento', () => {
  it('revokes a paid purchase at once with a code, mails the account, ends the plan; staff refund it once', async () => {
    const { buyer, payment, email } = await paidPurchase();
    expect((await t.db('ads').where('id', buyer.adId).first()).plan).toBe('vip');
    const sentBefore = mailer.sent.length;

    // Typed as people type: the reference in lower case, the address in capitals.
    const revoked = await revoke(payment.reference.toLowerCase(), email.toUpperCase());
    expect(revoked.status).toBe(201);
    expect(revoked.body).toMatchObject({ refund: true, amount: 25000 });
    const code = revoked.body.code as string;
    expect(code).toMatch(/^ARR-[0-9A-HJKMNP-TV-Z]{6}$/);
    const mails = mailer.sent.slice(sentBefore);
    expect(mails.map((m) => m.to)).toEqual([email]);
    expect(mails[0]!.text).toContain(code);
    expect(await t.db('ads').where('id', buyer.adId).first()).toMatchObject({ plan: 'gratuito', plan_expires_at: null });

    // A second submit answers with the same code and mails nothing more.
    const again = await revoke(payment.reference, email);
    expect(again).toMatchObject({ status: 201, body: { code } });
    expect(mailer.sent.length).toBe(sentBefore + 1);
    expect(await t.db('revocation_requests').where('payment_id', payment.id)).toHaveLength(1);

    // Staff see it in Pagos, waiting for its refund, and mark it refunded once; the audit log has it.
    const list = await call('GET', '/api/admin/revocations', { admin: adminCookie });
    const item = (list.body as { code: string; id: number; status: string }[]).find((r) => r.code === code)!;
    expect(item).toMatchObject({ status: 'pending', paymentReference: payment.reference, amount: 25000 });
    const refunded = await call('POST', `/api/admin/revocations/${item.id}/refunded`, { admin: adminCookie });
    expect(refunded.status).toBe(200);
    expect((await t.db('revocation_requests').where('id', item.id).first()).status).toBe('refunded');
    const twice = await call('POST', `/api/admin/revocations/${item.id}/refunded`, { admin: adminCookie });
    expect(twice.status).toBe(409);
    const audit = await t.db('audit_log').where({ action: 'revocation_refunded', target_id: item.id });
    expect(audit).toHaveLength(1);
    // Nobody without a staff session lists them.
    expect((await call('GET', '/api/admin/revocations', {})).status).toBe(401);
  });

  it('answers the same for an unknown reference and for another account’s address, records nothing and mails nobody', async () => {
    const { payment, email } = await paidPurchase();
    const other = await emailOf(await insertAdvertiser(t.db, { email: 'otra.cuenta@example.com' }));
    const sentBefore = mailer.sent.length;
    const unknown = await revoke('VEL-NOEXISTE', email);
    const wrongOwner = await revoke(payment.reference, other);
    for (const answer of [unknown, wrongOwner]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toContain('No encontramos una compra con esa referencia para ese email');
    }
    expect(unknown.body).toEqual(wrongOwner.body);
    expect(mailer.sent.length).toBe(sentBefore);
    expect(await t.db('revocation_requests').where('payment_reference', payment.reference)).toHaveLength(0);
  });

  it('says why and records nothing past the 10 days; cancels a purchase not yet paid', async () => {
    const buyer = await advertiserWithAd();
    const email = await emailOf(buyer.id);
    const processedAt = new Date(Date.now() - 12 * DAY);
    await t.db('payments').insert({
      advertiser_id: buyer.id,
      ad_id: buyer.adId,
      amount: 15000,
      description: 'Plan Premium',
      payment_method: 'transfer',
      status: 'completed',
      plan: 'premium',
      reference: 'VEL-VIEJA0001',
      processed_at: processedAt,
      created_at: processedAt,
    });
    const late = await revoke('VEL-VIEJA0001', email);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain('Pasaron más de 10 días corridos desde la compra');
    expect(await t.db('revocation_requests').where('payment_reference', 'VEL-VIEJA0001')).toHaveLength(0);

    const pendingBuyer = await advertiserWithAd();
    expect((await buy(pendingBuyer)).status).toBe(201);
    const pending = await t.db('payments').where({ ad_id: pendingBuyer.adId }).first();
    const revoked = await revoke(pending.reference, await emailOf(pendingBuyer.id));
    expect(revoked).toMatchObject({ status: 201, body: { refund: false } });
    expect((await t.db('payments').where('id', pending.id).first()).status).toBe('cancelled');
    expect((await t.db('revocation_requests').where('payment_id', pending.id).first()).status).toBe('not_charged');
  });

  it('counts the requests for one reference, whatever the address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await revoke('VEL-LIMITE01', `persona${i}@example.com`)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    const over = await revoke('VEL-LIMITE01', 'persona@example.com');
    expect(over.body.error.message).toContain('Hiciste muchos pedidos seguidos');
  });
});
