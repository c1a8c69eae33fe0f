// The plan tests' database: a fresh one with an active bank account, and builders of purchases, completed
// payments and published ads at a fixed time (NOW).
import { afterAll, beforeAll } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { addDays } from '#shared/plans.ts';
import { completePayment } from '#core/payments/complete-payment.ts';
import { createPlanPurchase, type PurchaseInput } from '#core/payments/purchase.ts';

export let t: TestDb;
export let bankAccountId: number;
/** Registers the file's database: made before its tests, removed after them. */
export function usePlansDb(): void {
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
}

export const NOW = new Date('2026-11-22T15:00:00Z');
export const ad = (id: number) => t.db('ads').where('id', id).first();
export const purchase = (advertiserId: number, adId: number, extra: Partial<PurchaseInput> = {}) =>
  createPlanPurchase(t.db, { advertiserId, adId, plan: 'vip', method: 'transfer', amount: 25000, priceNote: null, ...extra }, NOW);
export const paid = async (paymentId: number, now = NOW) =>
  completePayment(t.db, { id: paymentId, bankAccountId, adminId: null, notes: null }, now);

export async function publishedAd(category: 'masajes' | 'escorts' | 'trans' = 'masajes') {
  const advertiser = await insertAdvertiser(t.db);
  const id = await insertAd(t.db, advertiser, { category, publishedAt: addDays(NOW, -2) });
  return { advertiser, id };
}
