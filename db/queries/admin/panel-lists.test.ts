// The panel's lists on SQLite and PostgreSQL: what makes a subscriber active and its plan, the order staff
// read them in, and which payments the Pagos list carries as history grows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { listSubscribers } from './subscribers.ts';
import { COMPLETED_LISTED, listPayments } from './payments.ts';
import { statistics } from './statistics.ts';

let t: TestDb;
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('listSubscribers', () => {
  it('derives the subscription from published ads and live paid plans, pending verifications first', async () => {
    const now = new Date();
    const vip = await insertAdvertiser(t.db, { fullName: 'Con VIP', verificationStatus: 'verified' });
    await insertAd(t.db, vip, { category: 'masajes', plan: 'vip', planExpiresAt: new Date(now.getTime() + day) });
    const lapsed = await insertAdvertiser(t.db, { fullName: 'Premium vencido', verificationStatus: 'verified' });
    await insertAd(t.db, lapsed, { category: 'trans', plan: 'premium', planExpiresAt: new Date(now.getTime() - day) });
    const draftOnly = await insertAdvertiser(t.db, { fullName: 'Solo borrador', verificationStatus: 'verified' });
    await insertAd(t.db, draftOnly, { state: 'draft' });
    const pending = await insertAdvertiser(t.db, { fullName: 'Esperando', verificationStatus: 'pending' });

    const list = await listSubscribers(t.db, now);
    expect(list[0]!.id).toBe(pending);
    const byId = new Map(list.map((s) => [s.id, s]));
    expect(byId.get(vip)).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'vip', category: 'masajes' });
    expect(byId.get(lapsed)).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: '', category: 'trans' });
    expect(byId.get(draftOnly)).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: '' });
    expect(byId.get(pending)).toMatchObject({ subscriptionStatus: 'inactive', category: null, verificationStatus: 'pending' });

    const stats = await statistics(t.db, now);
    expect(stats).toMatchObject({ totalSubscribers: 4, activeSubscribers: 2, pendingVerifications: 1 });
  });
});

describe('listPayments', () => {
  it('lists every pending payment and the latest completed ones, newest first', async () => {
    const advertiser = await insertAdvertiser(t.db, { fullName: 'Pagadora' });
    const start = Date.now() - 1000 * day;
    const rows = Array.from({ length: COMPLETED_LISTED + 20 }, (_, i) => ({
      advertiser_id: advertiser,
      amount: 15000,
      payment_method: 'transfer',
      // The oldest payment is still pending: it must stay on the list however old it is.
      status: i === 0 ? 'pending' : 'completed',
      reference: `VEL-LIST-${i}`,
      processed_at: i === 0 ? null : new Date(start + i * day + 3_600_000),
      created_at: new Date(start + i * day),
    }));
    for (let i = 0; i < rows.length; i += 100) await t.db('payments').insert(rows.slice(i, i + 100));

    const list = await listPayments(t.db);
    expect(list).toHaveLength(COMPLETED_LISTED + 1);
    expect(list.at(-1)).toMatchObject({ reference: 'VEL-LIST-0', paymentStatus: 'pending' });
    expect(list[0]!.reference).toBe(`VEL-LIST-${rows.length - 1}`);
    const times = list.map((p) => new Date(p.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.filter((p) => p.paymentStatus === 'completed').map((p) => p.reference)).not.toContain('VEL-LIST-1');
  });
});
