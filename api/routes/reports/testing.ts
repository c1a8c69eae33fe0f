// What the report handling tests share (report-handling.test.ts, report-evidence.test.ts): the app, mailing staff
// alerts, a super admin, owners with a published ad and stored photos, reports each from an address of its own, and
// calls as the owner and as staff.
import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdPhoto, insertAdvertiser } from '#tooling/factories/index.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { adImageObjectKey, storeAdImage } from '#api/services/image-store.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';

export const STAFF_MAIL = 'equipo@ejemplo.com';
export const HOUR_MS = 3_600_000;
export let t: TestDb;
export let server: TestApp;
export const mailer = new MemoryMailer();
export let adminCookie = '';

let lastAddress = 0;
export const newReporter = () => `203.0.113.${++lastAddress}`;

export async function report(adId: number, reason: string, from = newReporter()) {
  const res = await fetch(`${server.url}/api/reports`, {
    method: 'POST',
    headers: { ...sameOriginJson, 'X-Forwarded-For': from },
    body: JSON.stringify({ adId, reason, details: 'Lo que vio quien denuncia' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; hidden: boolean };
}

/** An advertiser with a password (the account can be deleted) and a published ad with two stored photos. */
export async function owner() {
  const id = await insertAdvertiser(t.db, {
    fullName: 'Dueña Prueba',
    dni: '30123456',
    birthDate: '1990-04-02',
    passwordHash: await hashPassword('clave-dueña-1'),
  });
  const adId = await insertAd(t.db, id, { title: 'Masajes relajantes en Belgrano' });
  const keys: string[] = [];
  for (let i = 0; i < 2; i++) {
    const image = await storeAdImage(diskStore(t.dataDir), await testJpeg());
    await insertAdPhoto(t.db, adId, { fileKey: image.key, width: image.width, height: image.height });
    keys.push(image.key);
  }
  return { id, adId, keys, cookie: await advertiserSessions.create(t.db, id) };
}

export const asOwner = (cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/api/advertiser${path}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
export const asStaff = (method: string, path: string) =>
  fetch(`${server.url}/api/admin${path}`, { method, headers: { ...sameOriginJson, Cookie: `${staffSessions.cookie}=${adminCookie}` } });

interface Listed {
  id: number;
  overdue: boolean;
  holdWithheld: string | null;
  createdAt: string;
  waitingMs: number;
  preservedAt: string | null;
  answers: { body: string }[];
}
export const openReports = async () => (await (await asStaff('GET', '/reports?status=open')).json()) as Listed[];
export const overdueCount = async () => ((await (await asStaff('GET', '/statistics')).json()) as { overdueReports: number }).overdueReports;
export const backdate = (id: number, ms: number) =>
  t
    .db('reports')
    .where('id', id)
    .update({ created_at: new Date(Date.now() - ms) });
export const fileExists = (key: string) => fs.existsSync(`${t.dataDir}/${adImageObjectKey(key, 400)}`);
export const auditOf = (action: string, id: number) => t.db('audit_log').where({ action, target_type: 'report', target_id: String(id) });

/** Registers the file's app, mailing staff alerts, and a super admin. */
export function useReportsApp(): void {
  beforeAll(async () => {
    t = await createTestDb();
    server = await serveTestApp(t, { mailer, config: { trustedProxies: ['127.0.0.1'], staffAlertEmail: STAFF_MAIL } });
    await ensureSuperAdmin(t.db, 'clave-super-segura-1');
    adminCookie = await staffSessions.create(t.db, (await t.db('admin_users').first('id')).id);
  });
  afterAll(async () => {
    await server.close();
    await t.destroy();
  });
}
