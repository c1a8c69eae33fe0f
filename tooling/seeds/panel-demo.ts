// Demo data for the admin panel, so every section has something to show after `npm start`: advertisers waiting
// for verification and rejected ones, completed and pending payments for the demo ads' plans, two bank
// accounts (one active) and a partner admin with limited permissions. Names and numbers are invented.
import type { Knex } from 'knex';
import { createRandom, demoBirthDate, insertAdvertiser } from '#tooling/factories/index.ts';
import { cbuFrom } from '#shared/cbu.ts';
import { getPlanPrices } from '#db/queries/settings.ts';
import { createAdministratorAccount } from '#api/services/administrator-accounts.ts';
import { randomPassword } from '#api/services/passwords.ts';
import { insertedId } from '#db/dialect.ts';
import { addDays, FREE_LISTING_DAYS, PAID_PLANS, PLAN_DAYS, type PaidPlan } from '#shared/plans.ts';
import { planPaymentDescription } from '#core/payments/payment-terms.ts';
import { createRenewals } from '#core/plans/plan-lifecycle.ts';
import sharp from 'sharp';
import { storeDocument } from '#api/services/identity-vault.ts';
import type { ObjectStore } from '#api/services/object-store/object-store.ts';

import { DEMO_PARTNER_USERNAME } from '#shared/demo-accounts.ts';

export { DEMO_PARTNER_USERNAME };

const WAITING = [
  ['Camila Ríos', 'pending'],
  ['Martina Suárez', 'pending'],
  ['Lucía Benítez', 'pending'],
  ['Sofía Herrera', 'rejected'],
  ['Julieta Molina', 'rejected'],
  ['Agustina Castro', 'unverified'],
] as const;

/** A generated stand-in for an identity document: colour blocks, no person, no text. */
async function demoDocument(hue: number): Promise<Buffer> {
  const colour = (h: number) => ({ r: 90 + ((h * 37) % 120), g: 80 + ((h * 53) % 110), b: 120 + ((h * 71) % 100) });
  return sharp({ create: { width: 640, height: 400, channels: 3, background: colour(hue) } })
    .composite([{ input: { create: { width: 200, height: 240, channels: 3, background: colour(hue + 3) } }, left: 40, top: 80 }])
    .jpeg()
    .toBuffer();
}

type Vault = { store: ObjectStore; key: Buffer };

/** Advertisers waiting for verification, and rejected ones; with a vault, the waiting ones' requests and documents. */
async function seedWaitingAdvertisers(db: Knex, vault: Vault | undefined, now: Date): Promise<void> {
  const rand = createRandom(145);
  for (const [i, [fullName, status]] of WAITING.entries()) {
    const birthDate = demoBirthDate(rand, now);
    const dni = String(rand.int(20_000_000, 45_999_999));
    const advertiserId = await insertAdvertiser(db, {
      email: `verificacion${i + 1}@velada.invalid`,
      fullName,
      dni,
      birthDate,
      verificationStatus: status,
    });
    if (status !== 'pending' || !vault) continue;
    const [row] = await db('verification_requests')
      .insert({
        advertiser_id: advertiserId,
        method: i % 2 ? 'renaper' : 'manual',
        full_name: fullName,
        birth_date: birthDate,
        dni: i % 2 ? dni : null,
        tramite: i % 2 ? `00${dni}123` : null,
        gender: i % 2 ? 'F' : null,
        status: 'pending',
        submitted_at: new Date(now.getTime() - (i + 1) * 3_600_000),
      })
      .returning('id');
    const requestId = insertedId(row);
    const kinds = i % 2 ? (['selfie'] as const) : (['dni_front', 'dni_back', 'selfie'] as const);
    for (const [k, kind] of kinds.entries()) {
      const jpeg = await demoDocument(i * 3 + k);
      const fileKey = await storeDocument(vault.store, vault.key, jpeg);
      await db('identity_documents').insert({ request_id: requestId, kind, file_key: fileKey, bytes: jpeg.length, created_at: now });
    }
  }
}

/** Two bank accounts, the first one active; their ids. */
async function seedBankAccounts(db: Knex, now: Date): Promise<number[]> {
  const accounts = [
    {
      bank_name: 'Banco Ejemplo S.A.',
      account_number: '4001-0012345/6',
      cbu: cbuFrom('1910001', '5500123456789'),
      alias: 'velada.cobros',
      account_type: 'checking',
      active: true,
    },
    {
      bank_name: 'Banco Modelo S.A.',
      account_number: '0987654/3',
      cbu: cbuFrom('3220004', '7700987654321'),
      alias: 'velada.ahorro',
      account_type: 'savings',
      active: false,
    },
  ];
  const accountIds: number[] = [];
  for (const account of accounts) {
    const [row] = await db('bank_accounts')
      .insert({ ...account, account_holder: 'Velada Demo S.R.L.', created_at: now })
      .returning('id');
    accountIds.push(insertedId(row));
  }
  return accountIds;
}

/**
 * Every demo ad with a paid plan was bought: a completed payment when its 30 days began. Plans ending within
 * the renewal notice then get their pending renewal, as the expiry job would make it (plan-lifecycle.ts).
 */
async function seedPlanPayments(db: Knex, bankAccountId: number | undefined, now: Date): Promise<void> {
  const prices = await getPlanPrices(db);
  const paidAds = await db('ads')
    .whereIn('plan', PAID_PLANS)
    .orderBy('id')
    .select('id', 'advertiser_id', 'plan', 'title', 'plan_expires_at');
  const methods = ['transfer', 'mercadopago', 'card'] as const;
  for (const [i, ad] of paidAds.entries()) {
    const planUntil = new Date(ad.plan_expires_at);
    const processedAt = addDays(planUntil, -PLAN_DAYS);
    await db('payments').insert({
      advertiser_id: ad.advertiser_id,
      ad_id: ad.id,
      plan: ad.plan,
      kind: 'purchase',
      amount: prices[ad.plan as PaidPlan],
      description: planPaymentDescription(ad.plan, ad.title, 'purchase'),
      payment_method: methods[i % methods.length],
      status: 'completed',
      reference: `VEL-DEMO${String(i + 1).padStart(4, '0')}`,
      bank_account_id: bankAccountId,
      processed_at: processedAt,
      plan_until: planUntil,
      created_at: new Date(processedAt.getTime() - 2 * 3_600_000),
    });
    // The listing lasts the free plan's days beyond the paid plan (core/payments/complete-payment.ts).
    await db('ads')
      .where('id', ad.id)
      .update({ expires_at: addDays(planUntil, FREE_LISTING_DAYS) });
  }
  await createRenewals(db, now);
}

/**
 * Returns the demo partner's generated password, for the caller to print once. With an identity key, the
 * advertisers waiting for verification get a request with generated documents, encrypted like real ones.
 */
export async function seedPanelDemo(db: Knex, vault?: Vault, now = new Date()): Promise<{ partnerPassword: string }> {
  await seedWaitingAdvertisers(db, vault, now);
  const [activeAccountId] = await seedBankAccounts(db, now);
  await seedPlanPayments(db, activeAccountId, now);
  const partnerPassword = randomPassword();
  await createAdministratorAccount(db, {
    username: DEMO_PARTNER_USERNAME,
    fullName: 'Socia de Demostración',
    password: partnerPassword,
    permissions: ['view_subscribers', 'manage_verifications'],
  });
  return { partnerPassword };
}
