// "Botón de baja" over HTTP (decision 068), on SQLite and PostgreSQL: a code at once, the same answer whether the
// address has an account or not, a confirmation link mailed to the account only; confirming (once) stops its
// renewals, or closes the account when asked.
import { describe, expect, it } from 'vitest';
import { usePaymentsApp, t, mailer, advertiserWithAd, call } from '#api/routes/payments/testing.ts';

usePaymentsApp({ trustedProxies: ['127.0.0.1'] });
let address = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${(address += 1)}` });
const ask = (email: string, closeAccount = false) => call('POST', '/api/cancellations', {}, { email, closeAccount }, from());
const confirm = (token: string) => call('POST', '/api/cancellations/confirm', {}, { token }, from());
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('the Botón de baja', () => {
  it('answers an address without an account as any other, and mails nobody', async () => {
    const sentBefore = mailer.sent.length;
    const answer = await ask('nadie.registrado@example.com');
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body)).toEqual(['code']);
    expect(answer.body.code).toMatch(/^BAJ-[0-9A-Z]{6}$/);
    expect(mailer.sent.length).toBe(sentBefore);
    expect(await t.db('cancellation_requests').where('code', answer.body.code)).toHaveLength(0);
  });

  it('stops renewals once the mailed link is confirmed, once', async () => {
    const { id, adId } = await advertiserWithAd();
    const email = (await t.db('advertisers').where('id', id).first('email')).email as string;
    await t.db('payments').insert({
      advertiser_id: id,
      ad_id: adId,
      amount: 25000,
      description: 'Renovación del plan VIP',
      payment_method: 'transfer',
      status: 'pending',
      kind: 'renewal',
      plan: 'vip',
      reference: 'VEL-RENOVAR01',
      renewal_key: `${adId}:test`,
      due_at: new Date(),
      created_at: new Date(),
    });
    const answer = await ask(email.toUpperCase());
    expect(answer.status).toBe(201);
    const link = mailer.lastLinkTo(email)!;
    expect(link).toContain('/baja/confirmar?token=');
    expect(mailer.sentTo(email).at(-1)!.text).toContain(answer.body.code);
    // Asking changes nothing yet.
    expect((await t.db('advertisers').where('id', id).first()).renewals_stopped_at).toBeNull();

    const confirmed = await confirm(tokenOf(link));
    expect(confirmed).toMatchObject({ status: 200, body: { code: answer.body.code, closed: false } });
    expect((await t.db('advertisers').where('id', id).first()).renewals_stopped_at).not.toBeNull();
    expect((await t.db('payments').where('reference', 'VEL-RENOVAR01').first()).status).toBe('cancelled');
    expect((await confirm(tokenOf(link))).status).toBe(404);
    expect((await confirm('un-enlace-que-no-es-nuestro-de-ninguna-manera')).status).toBe(404);
  });

  it('closes the account when that was asked', async () => {
    const { id } = await advertiserWithAd();
    const email = (await t.db('advertisers').where('id', id).first('email')).email as string;
    expect((await ask(email, true)).status).toBe(201);
    const confirmed = await confirm(tokenOf(mailer.lastLinkTo(email)!));
    expect(confirmed).toMatchObject({ status: 200, body: { closed: true } });
    expect(await t.db('advertisers').where('id', id).first()).toMatchObject({ full_name: 'Cuenta eliminada' });
    expect(await t.db('ads').where('advertiser_id', id)).toHaveLength(0);
  });

  it('sends at most 3 links a day to one address, whatever the source', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await ask('repetida@example.com')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
