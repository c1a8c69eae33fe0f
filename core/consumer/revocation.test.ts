// Revoking a purchase in the core (decision 068), on SQLite and PostgreSQL: a renewal's days come off the plan and
// the plan keeps the days paid before it; the last day of the term is accepted and the next refused.
import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/plans.ts';
import { Refusal } from '#core/refusals.ts';
import { revokePurchase } from './revocation.ts';
import { usePlansDb, t, NOW, ad, purchase, paid, publishedAd } from '#tooling/testing/plans.ts';
import { runPlanLifecycle } from '#core/plans/plan-lifecycle.ts';

usePlansDb();

const emailOf = async (id: number) => (await t.db('advertisers').where('id', id).first('email')).email as string;

describe('revokePurchase', () => {
  it('takes a revoked renewal’s 30 days off the plan, which keeps the period paid before', async () => {
    const { advertiser, id } = await publishedAd();
    const bought = await purchase(advertiser, id);
    if (!bought.ok) throw new Error('refused');
    await paid(bought.payment.id);
    await runPlanLifecycle(t.db, addDays(NOW, 27));
    const renewal = await t.db('payments').where({ ad_id: id, kind: 'renewal' }).first();
    await paid(renewal.id, addDays(NOW, 28));
    expect(new Date((await ad(id)).plan_expires_at)).toEqual(addDays(NOW, 60));

    const answer = await revokePurchase(t.db, { reference: renewal.reference, email: await emailOf(advertiser) }, addDays(NOW, 29));
    expect(answer.receipt).toMatchObject({ refund: true, amount: renewal.amount });
    expect(answer.mail?.text).toContain(answer.receipt.code);
    expect(await ad(id)).toMatchObject({ plan: 'vip' });
    expect(new Date((await ad(id)).plan_expires_at)).toEqual(addDays(NOW, 30));
  });

  it('accepts a request on the last day of the term and refuses one the day after, recording nothing', async () => {
    const { advertiser, id } = await publishedAd();
    const email = await emailOf(advertiser);
    // Paid on Sunday 22 November 2026 at 12:00 in Buenos Aires: the 10th day is Wednesday 2 December.
    const bought = await purchase(advertiser, id);
    if (!bought.ok) throw new Error('refused');
    await paid(bought.payment.id);
    const lastDay = new Date('2026-12-02T23:30:00-03:00');
    const dayAfter = new Date('2026-12-03T00:30:00-03:00');
    const refused = await revokePurchase(t.db, { reference: bought.payment.reference, email }, dayAfter).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({ reason: 'revocation_too_late', detail: { deadline: '2 de diciembre de 2026' } });
    expect(await t.db('revocation_requests').where('payment_id', bought.payment.id)).toHaveLength(0);
    const accepted = await revokePurchase(t.db, { reference: bought.payment.reference, email }, lastDay);
    expect(accepted.receipt.code).toMatch(/^ARR-/);
    expect(await ad(id)).toMatchObject({ plan: 'gratuito', plan_expires_at: null });
  });
});
