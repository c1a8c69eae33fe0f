// The payments tests' app: a fresh database, a local fake of MercadoPago's API, an active bank account and a
// staff member who processes payments; helpers that call the API as the browser does.
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '#api/config.ts';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { startFakeMercadoPago, type FakeMercadoPago } from '#api/testing/fake-mercadopago.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { createAdministratorAccount } from '#api/services/administrator-accounts.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { issueQuote } from '#core/payments/price-quotes.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';

export const IDENTITY_KEY = Buffer.alloc(32, 9);
export const WEBHOOK_SECRET = 'webhook-secret-for-tests';
export let t: TestDb;
export let server: TestApp;
export let fake: FakeMercadoPago;
export let adminCookie: string;
export const mailer = new MemoryMailer();

/** Registers the file's app: started before its tests, closed after them; `config` adds to the test config. */
export function usePaymentsApp(config: Partial<Config> = {}): void {
  beforeAll(async () => {
    t = await createTestDb();
    fake = await startFakeMercadoPago();
    server = await serveTestApp(t, {
      mailer,
      config: {
        identityKey: IDENTITY_KEY,
        mercadoPago: { accessToken: fake.accessToken, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
        ...config,
      },
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
}

export async function advertiserWithAd(state = 'published') {
  const id = await insertAdvertiser(t.db, { email: `compra${Math.random().toString(36).slice(2)}@example.com` });
  const adId = await insertAd(t.db, id, { state, category: 'trans' });
  return { id, adId, cookie: await advertiserSessions.create(t.db, id) };
}

export async function call(
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

export const buy = async (who: { cookie: string; adId: number }, extra: Record<string, unknown> = {}) =>
  call(
    'POST',
    '/api/advertiser/payments',
    { advertiser: who.cookie },
    { adId: who.adId, plan: 'vip', method: 'transfer', quote: await issueQuote(t.db, 'vip', 25000), ...extra },
  );

export const receiptForm = (bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.append('receipt', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};
export const paymentCount = async () => Number((await t.db('payments').count({ n: '*' }).first())?.n);
