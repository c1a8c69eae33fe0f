// What the advertiser mail tests share (advertiser-mail.test.ts, expiry-notices.test.ts): the app and one on the
// same database whose mail transport always fails, a super admin, owners with an ad, and the links a mail carries.
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { type Mail, type Mailer } from '#core/mail/mail.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';

export let t: TestDb;
export let server: TestApp;
/** The same database behind an app whose mail transport always fails. */
export let brokenServer: TestApp;
export const mailer = new MemoryMailer();
export const SITE = 'https://velada.example';
let adminCookie = '';
export const DAY_MS = 86_400_000;

class BrokenMailer implements Mailer {
  attempts = 0;
  async send(): Promise<void> {
    this.attempts += 1;
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587 for dueña@ejemplo.com'), { code: 'ECONNECTION' });
  }
}
export const broken = new BrokenMailer();

export async function owner(input: { state?: string; title?: string } = {}) {
  const email = `duena-${crypto.randomUUID()}@ejemplo.com`;
  const id = await insertAdvertiser(t.db, { verificationStatus: 'verified', email, fullName: 'Lucía Dueña' });
  const adId = await insertAd(t.db, id, { title: input.title ?? 'Masajes en Palermo', state: input.state ?? 'published' });
  if (input.state === 'pending') await t.db('ads').where('id', adId).update({ submitted_at: new Date() });
  return { id, adId, email };
}

export const asStaff = (app: TestApp, method: string, path: string, body?: unknown) =>
  fetch(`${app.url}/api/admin${path}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${staffSessions.cookie}=${adminCookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export const post = (path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...sameOriginJson, ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}) },
    body: JSON.stringify(body),
  });

export const linksOf = (mail: Mail) => mail.text.match(/https?:\/\/\S+/g) ?? [];
/** The link to the preferences: the last line of every mail about an ad, and its only link to them. */
export function preferencesLinkOf(mail: Mail): URL {
  const links = linksOf(mail).filter((l) => l.includes('/preferencias-de-correo'));
  expect(links).toHaveLength(1);
  expect(mail.text.trimEnd().endsWith(links[0]!)).toBe(true);
  return new URL(links[0]!);
}
export const optOutsOf = async (advertiserId: number) =>
  (await t.db('mail_opt_outs').where('advertiser_id', advertiserId).orderBy('kind').select('kind')).map((r) => r.kind as string);

/** Registers the file's apps (one with a mail transport that always fails) and a super admin. */
export function useMailApp(): void {
  beforeAll(async () => {
    t = await createTestDb();
    // A proxy on loopback: each report comes from an address of its own (X-Forwarded-For).
    server = await serveTestApp(t, { mailer, config: { publicOrigin: SITE, trustedProxies: ['127.0.0.1'] } });
    brokenServer = await serveTestApp(t, { mailer: broken, config: { publicOrigin: SITE } });
    await ensureSuperAdmin(t.db, 'clave-super-segura-1');
    adminCookie = await staffSessions.create(t.db, (await t.db('admin_users').first('id')).id);
  });
  afterAll(async () => {
    await server.close();
    await brokenServer.close();
    await t.destroy();
  });
}
