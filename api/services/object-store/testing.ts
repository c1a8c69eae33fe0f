// What the object store tests share (object-store.test.ts, object-store-deletion.test.ts), for each backend in turn:
// the app on that store with a staff member who reviews verifications, advertisers, and uploads as the browser sends
// them. The state is the running backend's: each describe block registers its own (useStoreApp).
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '#api/config.ts';
import { serveTestApp, testConfig, type TestApp } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { startTestS3, type TestS3 } from '#tooling/testing/s3.ts';
import { insertedId } from '#db/dialect.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { createAdministratorAccount } from '#api/services/administrator-accounts.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { openObjectStore, type ObjectStore } from './object-store.ts';

export const IDENTITY_KEY = Buffer.alloc(32, 4);
export const PASSWORD = 'clave-de-prueba-1';
export const HOUR = 60 * 60 * 1000;

let backend: 'disk' | 's3';
export let t: TestDb;
export let s3: TestS3 | null = null;
export let config: Config;
export let store: ObjectStore;
export let server: TestApp;
export let staffCookie: string;

/** Registers, in the calling describe block, the app on the `storeBackend` store: started before its tests, closed after. */
export function useStoreApp(storeBackend: 'disk' | 's3'): void {
  beforeAll(async () => {
    backend = storeBackend;
    t = await createTestDb();
    s3 = backend === 's3' ? await startTestS3() : null;
    // The bucket's settings as an operator gives them, through the same validation.
    config = testConfig(t.dataDir, { identityKey: IDENTITY_KEY, s3: s3 ? loadConfig(s3.env).s3 : undefined });
    store = openObjectStore(config);
    server = await serveTestApp(t, { config });
    const staffId = await createAdministratorAccount(t.db, {
      username: `revisora_${backend}`,
      fullName: 'Revisora',
      password: 'una-clave-de-revision',
      permissions: ['manage_verifications'],
    });
    staffCookie = await staffSessions.create(t.db, staffId);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
    await t?.destroy();
  });
}

export async function advertiser(verification = 'verified') {
  const now = new Date();
  const [row] = await t
    .db('advertisers')
    .insert({
      email: `almacen${Date.now()}${Math.random().toString(36).slice(2, 8)}@ejemplo.com`,
      full_name: 'Dueña Almacén',
      birth_date: '1990-01-01',
      password_hash: await hashPassword(PASSWORD),
      verification_status: verification,
      email_confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const id = insertedId(row);
  return { id, cookie: `${advertiserSessions.cookie}=${await advertiserSessions.create(t.db, id)}` };
}

export const send = (url: string, method: string, cookie: string | undefined, body?: FormData | object) =>
  fetch(url, {
    method,
    headers: {
      'Sec-Fetch-Site': 'same-origin',
      ...(body && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });

export const fileForm = (field: string, bytes: Buffer, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
  return form;
};

export const uploadPhoto = (base: string, cookie: string, adId: number, bytes: Buffer) =>
  send(`${base}/api/advertiser/ads/${adId}/photos`, 'POST', cookie, fileForm('photo', bytes));

export const selfieForm = async () =>
  fileForm('selfie', await testJpeg(), {
    method: 'renaper',
    fullName: 'Julia Almacenada',
    birthDate: '1990-01-01',
    dni: '30123456',
    tramite: '00123456789',
    gender: 'F',
  });

export async function pendingPayment(owner: { id: number }, adId: number) {
  const [row] = await t
    .db('payments')
    .insert({
      advertiser_id: owner.id,
      ad_id: adId,
      amount: 15000,
      payment_method: 'transfer',
      status: 'pending',
      reference: `VEL-ALM-${backend.toUpperCase()}-${owner.id}`,
      created_at: new Date(),
    })
    .returning('id');
  return insertedId(row);
}

export const keysIn = async (prefix: string) => (await store.list(prefix)).map((o) => o.key).sort();
