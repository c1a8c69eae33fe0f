// Reports handled fast and fairly, and evidence preserved for the authorities (decision 044), through HTTP on SQLite
// and PostgreSQL: each open report's age and the overdue ones; the escalation of an overdue hiding report, once;
// the advertiser's answer (owner only, open reports only) shown to staff; a source whose hiding reports staff
// dismissed losing the power to hide; a preserved report, ad and photos surviving account deletion, dismissal and
// the orphan-file job until released; the audit entries.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, testConfig, type TestApp } from '#api/testing/http.ts';
import { testJpeg } from '#api/testing/images.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { insertedId } from '#db/dialect.ts';
import { DISMISSALS_TO_LOSE_HIDING } from '#db/queries/reports.ts';
import { MAX_ANSWERS } from '#core/own-ads/ad-review.ts';
import type { StaffAlertItem } from '#shared/contracts/staff/overview.ts';
import type { PreservedPackage } from '#shared/contracts/staff/reports.ts';
import { reportAge } from '#shared/report-reasons.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { adImageObjectKey, storeAdImage } from '#api/services/image-store.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { removeOrphanFiles } from '#api/services/orphan-files.ts';
import { webPushSender } from '#api/services/search-alerts-job.ts';
import { scheduledJobs } from '#api/jobs.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';

const STAFF_MAIL = 'equipo@ejemplo.com';
const HOUR_MS = 3_600_000;
let t: TestDb;
let server: TestApp;
const mailer = new MemoryMailer();
let adminCookie = '';

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

let lastAddress = 0;
const newReporter = () => `203.0.113.${++lastAddress}`;

async function report(adId: number, reason: string, from = newReporter()) {
  const res = await fetch(`${server.url}/api/reports`, {
    method: 'POST',
    headers: { ...sameOriginJson, 'X-Forwarded-For': from },
    body: JSON.stringify({ adId, reason, details: 'Lo que vio quien denuncia' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; hidden: boolean };
}

/** An advertiser with a password (the account can be deleted) and a published ad with two stored photos. */
async function owner() {
  const now = new Date();
  const [row] = await t
    .db('advertisers')
    .insert({
      email: `duena-${crypto.randomUUID()}@ejemplo.com`,
      full_name: 'Dueña Prueba',
      dni: '30123456',
      birth_date: '1990-04-02',
      password_hash: await hashPassword('clave-dueña-1'),
      verification_status: 'verified',
      email_confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const id = insertedId(row);
  const adId = await insertAd(t.db, id, { title: 'Masajes relajantes en Belgrano' });
  const keys: string[] = [];
  for (const position of [0, 1]) {
    const image = await storeAdImage(diskStore(t.dataDir), await testJpeg());
    await t.db('ad_images').insert({ ad_id: adId, position, file_key: image.key, width: image.width, height: image.height, alt: '' });
    keys.push(image.key);
  }
  return { id, adId, keys, cookie: await advertiserSessions.create(t.db, id) };
}

const asOwner = (cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/api/advertiser${path}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const asStaff = (method: string, path: string) =>
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
const openReports = async () => (await (await asStaff('GET', '/reports?status=open')).json()) as Listed[];
const overdueCount = async () => ((await (await asStaff('GET', '/statistics')).json()) as { overdueReports: number }).overdueReports;
const backdate = (id: number, ms: number) =>
  t
    .db('reports')
    .where('id', id)
    .update({ created_at: new Date(Date.now() - ms) });
const fileExists = (key: string) => fs.existsSync(`${t.dataDir}/${adImageObjectKey(key, 400)}`);
const auditOf = (action: string, id: number) => t.db('audit_log').where({ action, target_type: 'report', target_id: String(id) });

describe('the age of open reports', () => {
  it('lists each open report with its age, marks hiding reports past 24 hours overdue and counts them for the badge', async () => {
    const before = await overdueCount();
    const fresh = await report((await owner()).adId, 'posible_menor');
    const old = await report((await owner()).adId, 'posible_trata');
    const oldScam = await report((await owner()).adId, 'estafa');
    await backdate(old.id, 25 * HOUR_MS);
    await backdate(oldScam.id, 25 * HOUR_MS);
    const listed = await openReports();
    const byId = (id: number) => listed.find((r) => r.id === id)!;
    expect(byId(fresh.id).overdue).toBe(false);
    expect(byId(old.id).overdue).toBe(true);
    // Only reasons that hide are held to the 24 hours.
    expect(byId(oldScam.id).overdue).toBe(false);
    expect(byId(old.id).waitingMs).toBeGreaterThan(24 * HOUR_MS);
    expect(reportAge(byId(old.id).waitingMs)).toBe('hace 1 día');
    expect(reportAge(byId(fresh.id).waitingMs)).toMatch(/^hace (menos de 1|\d+) min$/);
    expect(await overdueCount()).toBe(before + 1);
    // Decided, it no longer counts.
    expect((await asStaff('POST', `/reports/${old.id}/resolve`)).status).toBe(200);
    expect(await overdueCount()).toBe(before);
  });
});

describe('escalation', () => {
  const job = () =>
    scheduledJobs({
      db: t.db,
      store: diskStore(t.dataDir),
      mailer,
      siteOrigin: 'https://velada.example',
      staffAlertEmail: STAFF_MAIL,
      pushSender: webPushSender(t.db, testConfig(t.dataDir)),
    }).find((j) => j.name === 'report-escalation')!;
  const staffMailsAbout = (id: number) => mailer.sent.filter((m) => m.to === STAFF_MAIL && m.text.includes(`denuncia n.º ${id} `));

  it('escalates an open hiding report once it has waited 24 hours, exactly once: an alert and a mail to staff', async () => {
    const { adId } = await owner();
    const made = await report(adId, 'posible_menor');
    const createdAt = new Date((await t.db('reports').where('id', made.id).first('created_at')).created_at).getTime();
    await job().run(new Date(createdAt + 24 * HOUR_MS - 60_000));
    expect((await t.db('reports').where('id', made.id).first('escalated_at')).escalated_at).toBeNull();
    expect(staffMailsAbout(made.id)).toEqual([]);

    const later = new Date(createdAt + 24 * HOUR_MS + 60_000);
    await job().run(later);
    await job().run(new Date(later.getTime() + HOUR_MS));
    expect((await t.db('reports').where('id', made.id).first('escalated_at')).escalated_at).not.toBeNull();
    const mails = staffMailsAbout(made.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`código ${adId}`);
    const alerts = (await (await asStaff('GET', '/alerts')).json()) as StaffAlertItem[];
    const overdue = alerts.filter((a) => a.kind === 'overdue_report' && a.message.includes(`denuncia n.º ${made.id} `));
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.message).toContain(`(código ${adId})`);
    // Neither the reporter's details nor their address reach the alert.
    expect(overdue[0]!.message).not.toContain('Lo que vio');
  });

  it('does not escalate a report decided in time, nor a report of a reason that does not hide', async () => {
    const decided = await report((await owner()).adId, 'posible_trata');
    const scam = await report((await owner()).adId, 'estafa');
    expect((await asStaff('POST', `/reports/${decided.id}/dismiss`)).status).toBe(200);
    await job().run(new Date(Date.now() + 48 * HOUR_MS));
    expect(staffMailsAbout(decided.id)).toEqual([]);
    expect(staffMailsAbout(scam.id)).toEqual([]);
    const rows = await t.db('reports').whereIn('id', [decided.id, scam.id]).pluck('escalated_at');
    expect(rows).toEqual([null, null]);
  });
});

describe("the advertiser's answer", () => {
  it('the owner of a held ad sees the kind of concern and answers; staff see the answer with the report', async () => {
    const { adId, cookie } = await owner();
    const made = await report(adId, 'posible_menor');
    expect(made.hidden).toBe(true);
    const review = (await (await asOwner(cookie, 'GET', `/ads/${adId}/review`)).json()) as {
      open: boolean;
      concerns: string[];
      answersLeft: number;
    };
    expect(review).toMatchObject({ open: true, concerns: ['dudas sobre la edad de la persona que aparece en el anuncio'] });
    expect(review.answersLeft).toBe(MAX_ANSWERS);
    expect(JSON.stringify(review)).not.toContain('Lo que vio');

    const answer = 'Soy mayor de edad; mi identidad está verificada en la cuenta y puedo mostrar el documento.';
    const sent = await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer });
    expect(sent.status).toBe(201);
    expect(((await sent.json()) as { answers: { body: string }[] }).answers.map((a) => a.body)).toEqual([answer]);
    expect((await openReports()).find((r) => r.id === made.id)!.answers.map((a) => a.body)).toEqual([answer]);
    // The advertiser's data download has it too.
    const data = (await (await asOwner(cookie, 'GET', '/data')).json()) as { reportAnswers: { adId: number; answer: string }[] };
    expect(data.reportAnswers).toEqual([expect.objectContaining({ adId, answer })]);

    // A few times only.
    for (let i = 1; i < MAX_ANSWERS; i++)
      expect((await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer: `${answer} (${i})` })).status).toBe(201);
    const refused = await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('answer_limit');
  });

  it('is refused to anyone but the owner, when no report is open, and past 2000 characters', async () => {
    const { adId, cookie } = await owner();
    const other = await owner();
    // No report yet.
    const none = await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer: 'Quiero responder a la denuncia.' });
    expect(none.status).toBe(409);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('no_open_report');
    const made = await report(adId, 'posible_trata');
    expect((await asOwner(other.cookie, 'POST', `/ads/${adId}/answers`, { answer: 'No soy la dueña del anuncio.' })).status).toBe(404);
    expect((await asOwner(other.cookie, 'GET', `/ads/${adId}/review`)).status).toBe(404);
    expect(
      (await fetch(`${server.url}/api/advertiser/ads/${adId}/answers`, { method: 'POST', headers: sameOriginJson, body: '{}' })).status,
    ).toBe(401);
    expect((await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer: 'x'.repeat(2001) })).status).toBe(400);
    // Decided: closed.
    expect((await asStaff('POST', `/reports/${made.id}/dismiss`)).status).toBe(200);
    expect((await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer: 'Quiero responder a la denuncia.' })).status).toBe(409);
    expect(await t.db('report_answers').where('report_id', made.id)).toEqual([]);
  });

  it('the held mail links to the review page', async () => {
    const { adId } = await owner();
    await report(adId, 'posible_menor');
    const email = (await t.db('ads as ad').join('advertisers as a', 'a.id', 'ad.advertiser_id').where('ad.id', adId).first('a.email'))
      .email;
    const notice = mailer.sent.findLast((m) => m.to === email)!;
    expect(notice.text).toContain(`/mi-cuenta/anuncios/${adId}/revision`);
  });
});

describe('a source whose hiding reports staff dismissed', () => {
  it(`loses the power to hide after ${DISMISSALS_TO_LOSE_HIDING} dismissals: its reports still reach staff, marked, with the ad visible`, async () => {
    const source = newReporter();
    for (let i = 0; i < DISMISSALS_TO_LOSE_HIDING; i++) {
      const made = await report((await owner()).adId, 'posible_menor', source);
      expect(made.hidden).toBe(true);
      expect((await asStaff('POST', `/reports/${made.id}/dismiss`)).status).toBe(200);
    }
    const target = await owner();
    const next = await report(target.adId, 'posible_menor', source);
    expect(next.hidden).toBe(false);
    expect((await t.db('ads').where('id', target.adId).first('state')).state).toBe('published');
    expect((await openReports()).find((r) => r.id === next.id)).toMatchObject({ holdWithheld: 'dismissed_source' });
    const alerts = (await (await asStaff('GET', '/alerts')).json()) as StaffAlertItem[];
    const about = alerts.find((a) => a.kind === 'hiding_report' && a.message.includes(`(código ${target.adId})`));
    expect(about!.message).toContain('sigue visible');
    // Another source still hides it.
    expect((await report(target.adId, 'posible_menor')).hidden).toBe(true);
  });

  it('keeps it while only one hiding report was dismissed, or the dismissals were of reasons that do not hide', async () => {
    const source = newReporter();
    const first = await report((await owner()).adId, 'posible_trata', source);
    expect((await asStaff('POST', `/reports/${first.id}/dismiss`)).status).toBe(200);
    for (let i = 0; i < DISMISSALS_TO_LOSE_HIDING; i++) {
      const scam = await report((await owner()).adId, 'estafa', source);
      expect((await asStaff('POST', `/reports/${scam.id}/dismiss`)).status).toBe(200);
    }
    expect((await report((await owner()).adId, 'posible_menor', source)).hidden).toBe(true);
  });
});

describe('preserving a report for the authorities', () => {
  it('keeps the report, a copy of the ad and its photos through account deletion, dismissal and the orphan-file job, until released', async () => {
    const { id: advertiserId, adId, keys, cookie } = await owner();
    const email = (await t.db('advertisers').where('id', advertiserId).first('email')).email as string;
    const made = await report(adId, 'posible_menor');
    const answer = 'Tengo 29 años y puedo acreditarlo con mi documento.';
    expect((await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer })).status).toBe(201);

    expect((await asStaff('POST', `/reports/${made.id}/preserve`)).status).toBe(200);
    expect((await asStaff('POST', `/reports/${made.id}/preserve`)).status).toBe(409);
    expect(await auditOf('report_preserved', made.id)).toHaveLength(1);
    expect((await openReports()).find((r) => r.id === made.id)!.preservedAt).not.toBeNull();

    // The advertiser deletes the account: the ad row goes, its copy, the photos and the report stay.
    const deleted = await asOwner(cookie, 'POST', '/delete-account', { password: 'clave-dueña-1' });
    expect(deleted.status).toBe(204);
    expect(await t.db('ads').where('id', adId).first()).toBeUndefined();
    for (const key of keys) expect(fileExists(key)).toBe(true);
    // Staff dismiss the report; the orphan-file job runs over files of any age.
    expect((await asStaff('POST', `/reports/${made.id}/dismiss`)).status).toBe(200);
    await removeOrphanFiles(t.db, diskStore(t.dataDir), new Date(), 0);
    for (const key of keys) expect(fileExists(key)).toBe(true);

    const download = await asStaff('GET', `/reports/${made.id}/preserved`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`velada-denuncia-${made.id}-preservada.json`);
    const pack = (await download.json()) as PreservedPackage;
    expect(pack.report).toMatchObject({ id: made.id, reason: 'posible_menor', details: 'Lo que vio quien denuncia', status: 'dismissed' });
    expect(pack.adAtPreservation).toMatchObject({ id: adId, title: 'Masajes relajantes en Belgrano' });
    expect(pack.advertiserAtPreservation).toMatchObject({ id: advertiserId, email, dni: '30123456', birthDate: '1990-04-02' });
    expect(pack.photosAtPreservation).toEqual(keys.map((k) => `/media/ads/${k}-800.webp`));
    expect(pack.photosAtReport).toHaveLength(2);
    expect(pack.answers.map((a) => a.body)).toEqual([answer]);
    expect(pack.preservedBy).toBeTruthy();
    expect(await auditOf('report_preservation_downloaded', made.id)).toHaveLength(1);
    // Staff can open the preserved photos; nobody else can.
    const photo = `${server.url}${pack.photosAtPreservation[0]}`;
    expect((await fetch(photo, { headers: { Cookie: `${staffSessions.cookie}=${adminCookie}` } })).status).toBe(200);
    expect((await fetch(photo)).status).toBe(404);

    // Released: the ordinary rules again (a dismissed report keeps nothing), and the orphan-file job removes them.
    expect((await asStaff('POST', `/reports/${made.id}/release`)).status).toBe(200);
    expect((await asStaff('POST', `/reports/${made.id}/release`)).status).toBe(409);
    expect(await auditOf('report_preservation_released', made.id)).toHaveLength(1);
    expect((await asStaff('GET', `/reports/${made.id}/preserved`)).status).toBe(404);
    const row = await t.db('reports').where('id', made.id).first('preserved_at', 'preserved_copy');
    expect(row).toEqual({ preserved_at: null, preserved_copy: null });
    // The answers of the deleted account go with the preservation.
    expect(await t.db('report_answers').where('report_id', made.id)).toEqual([]);
    await removeOrphanFiles(t.db, diskStore(t.dataDir), new Date(), 0);
    for (const key of keys) expect(fileExists(key)).toBe(false);
  });

  it('without a preservation, a deleted account keeps the evidence of an open report only, and its answers go', async () => {
    const { adId, keys, cookie } = await owner();
    const made = await report(adId, 'posible_trata');
    expect(
      (await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer: 'El anuncio lo publico yo, por decisión propia.' })).status,
    ).toBe(201);
    expect((await asOwner(cookie, 'POST', '/delete-account', { password: 'clave-dueña-1' })).status).toBe(204);
    expect(await t.db('report_answers').where('report_id', made.id)).toEqual([]);
    await removeOrphanFiles(t.db, diskStore(t.dataDir), new Date(), 0);
    for (const key of keys) expect(fileExists(key)).toBe(true);
    expect((await asStaff('POST', `/reports/${made.id}/dismiss`)).status).toBe(200);
    await removeOrphanFiles(t.db, diskStore(t.dataDir), new Date(), 0);
    for (const key of keys) expect(fileExists(key)).toBe(false);
  });

  it('an unknown report cannot be preserved, and a partner without the reports permission cannot preserve', async () => {
    expect((await asStaff('POST', '/reports/999999/preserve')).status).toBe(404);
    expect((await asStaff('POST', '/reports/999999/release')).status).toBe(404);
    const made = await report((await owner()).adId, 'posible_menor');
    const [row] = await t
      .db('admin_users')
      .insert({
        username: `socio-${crypto.randomUUID().slice(0, 8)}`,
        full_name: 'Socio Pagos',
        password_hash: await hashPassword('clave-socio-segura-1'),
        is_master: false,
        permissions: JSON.stringify(['view_payments']),
        created_at: new Date(),
      })
      .returning('id');
    const partner = await staffSessions.create(t.db, insertedId(row));
    const refused = await fetch(`${server.url}/api/admin/reports/${made.id}/preserve`, {
      method: 'POST',
      headers: { ...sameOriginJson, Cookie: `${staffSessions.cookie}=${partner}` },
    });
    expect(refused.status).toBe(403);
    expect((await t.db('reports').where('id', made.id).first('preserved_at')).preserved_at).toBeNull();
  });
});
