// What a report that hides an ad guarantees, through HTTP on SQLite and PostgreSQL (audit findings 1, 2 and 9):
// the advertiser cannot lift the hold by touching photos or the text, nor erase the evidence by deleting; staff
// cannot approve the ad while the report is open and see it with the ad; one reporter hides a limited number of
// ads a day; staff are alerted and the advertiser told; the paid plan's time stands still while the ad is held.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { createRandom, demoPicture, insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { decideReport, HIDING_REPORTS_PER_DAY } from '#db/queries/reports.ts';
import { endPlans } from '#core/plans/plan-lifecycle.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { adImageObjectKey } from '#api/services/image-store.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';
import type { ModerationItem } from '#shared/contracts/staff/moderation.ts';
import type { StaffAlertItem } from '#shared/contracts/staff/overview.ts';

let t: TestDb;
let server: TestApp;
const mailer = new MemoryMailer();
let adminId = 0;
let adminCookie = '';
const DAY_MS = 86_400_000;
const editedAd = {
  title: 'Masajes descontracturantes en Palermo',
  category: 'masajes',
  barrio: 'palermo',
  description: 'Masajes con aceites en un ambiente tranquilo y limpio. Atiendo con turno previo de lunes a viernes.',
};

beforeAll(async () => {
  t = await createTestDb();
  // A proxy on loopback: each test reports from an address of its own (X-Forwarded-For).
  server = await serveTestApp(t, { mailer, config: { trustedProxies: ['127.0.0.1'] } });
  await ensureSuperAdmin(t.db, 'clave-super-segura-1');
  adminId = (await t.db('admin_users').first('id')).id;
  adminCookie = await staffSessions.create(t.db, adminId);
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

let lastAddress = 0;
const newReporter = () => `198.51.100.${++lastAddress}`;

async function report(adId: number, reason: string, from = newReporter()) {
  const res = await fetch(`${server.url}/api/reports`, {
    method: 'POST',
    headers: { ...sameOriginJson, 'X-Forwarded-For': from },
    body: JSON.stringify({ adId, reason }),
  });
  return { status: res.status, body: await res.json() };
}

async function owner(options: { plan?: 'gratuito' | 'vip'; planExpiresAt?: Date } = {}) {
  const id = await insertAdvertiser(t.db, { verificationStatus: 'verified', email: `duena-${crypto.randomUUID()}@ejemplo.com` });
  const adId = await insertAd(t.db, id, { title: 'Aviso con fotos', plan: options.plan, planExpiresAt: options.planExpiresAt });
  return { id, adId, cookie: await advertiserSessions.create(t.db, id) };
}

const asOwner = (cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/api/advertiser/ads${path}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let pictureSeed = 1;
/** A picture of its own each time: one of an ad staff removed could not be uploaded again (docs/decisions/043). */
async function upload(cookie: string, adId: number) {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(await demoPicture(createRandom(pictureSeed++)))], { type: 'image/png' }), 'foto.png');
  return fetch(`${server.url}/api/advertiser/ads/${adId}/photos`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: form,
  });
}

const asStaff = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/api/admin${path}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${staffSessions.cookie}=${adminCookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const stateOf = async (adId: number) => (await t.db('ads').where('id', adId).first('state')).state as string;

describe('an ad held by a report', () => {
  it('cannot be changed by its owner: photos, order, text and deletion are refused and the hold stays', async () => {
    const { adId, cookie } = await owner();
    const photo = (await (await upload(cookie, adId)).json()) as { id: number };
    await t.db('ads').where('id', adId).update({ state: 'published' }); // approved since
    const second = (await (await upload(cookie, adId)).json()) as { id: number };
    await t.db('ads').where('id', adId).update({ state: 'published' });
    expect((await report(adId, 'posible_menor')).body.hidden).toBe(true);
    const photosBefore = await t.db('ad_images').where('ad_id', adId).orderBy('id').select('id', 'position', 'file_key');

    const attempts = [
      await upload(cookie, adId),
      await asOwner(cookie, 'DELETE', `/${adId}/photos/${photo.id}`),
      await asOwner(cookie, 'PUT', `/${adId}/photos/order`, { ids: [second.id, photo.id] }),
      await asOwner(cookie, 'PUT', `/${adId}`, editedAd),
      await asOwner(cookie, 'DELETE', `/${adId}`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code).toMatch(/^ad_(locked|held)$/);
    }
    expect(await stateOf(adId)).toBe('held');
    expect(await t.db('ad_images').where('ad_id', adId).orderBy('id').select('id', 'position', 'file_key')).toEqual(photosBefore);
    for (const p of photosBefore) expect(fs.existsSync(`${t.dataDir}/${adImageObjectKey(p.file_key, 400)}`)).toBe(true);
  });

  it('a staff removal cannot be lifted by touching photos either', async () => {
    const { adId, cookie } = await owner();
    const photo = (await (await upload(cookie, adId)).json()) as { id: number };
    await t.db('ads').where('id', adId).update({ state: 'published' });
    expect((await asStaff('POST', `/ads/${adId}/remove`, { reason: 'Infringe las reglas del sitio.' })).status).toBe(200);
    expect((await upload(cookie, adId)).status).toBe(409);
    expect((await asOwner(cookie, 'DELETE', `/${adId}/photos/${photo.id}`)).status).toBe(409);
    expect((await asOwner(cookie, 'PUT', `/${adId}/photos/order`, { ids: [photo.id] })).status).toBe(409);
    expect(await stateOf(adId)).toBe('removed');
  });

  it('is not approved while the report is open, and staff see the open reports with the ad', async () => {
    const { adId } = await owner();
    // An ad waiting for review when the report comes (an edit of a live ad): nothing hides it, but approval waits.
    await t.db('ads').where('id', adId).update({ state: 'pending', submitted_at: new Date() });
    const made = await report(adId, 'posible_trata');
    expect(made.body.hidden).toBe(false);
    const queue = (await (await asStaff('GET', '/ads?state=pending')).json()) as ModerationItem[];
    expect(queue.find((ad) => ad.id === adId)?.openReports).toEqual([
      expect.objectContaining({ label: 'Posible trata o explotación', hides: true }),
    ]);
    const refused = await asStaff('POST', `/ads/${adId}/approve`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('open_report');
    expect(await stateOf(adId)).toBe('pending');
    expect(await decideReport(t.db, made.body.id, 'dismissed', adminId)).toBe('ok');
    expect((await asStaff('POST', `/ads/${adId}/approve`)).status).toBe(200);
    expect(await stateOf(adId)).toBe('published');
  });
});

describe('evidence', () => {
  it('a report keeps the ad as it was and its photos, even after the ad is removed and deleted', async () => {
    const { id: advertiserId, adId, cookie } = await owner();
    await upload(cookie, adId);
    await t.db('ads').where('id', adId).update({ state: 'published' });
    const keys: string[] = await t.db('ad_images').where('ad_id', adId).pluck('file_key');
    const made = await report(adId, 'posible_menor');
    expect((await asStaff('POST', `/ads/${adId}/remove`, { reason: 'Denuncia confirmada.' })).status).toBe(200);
    expect(await decideReport(t.db, made.body.id, 'resolved', adminId)).toBe('ok');
    // A removed ad may be deleted by its owner; the report's evidence stays.
    expect((await asOwner(cookie, 'DELETE', `/${adId}`)).status).toBe(204);
    expect(await t.db('ads').where('id', adId).first()).toBeUndefined();
    for (const key of keys) expect(fs.existsSync(`${t.dataDir}/${adImageObjectKey(key, 400)}`)).toBe(true);

    const resolved = (await (await asStaff('GET', '/reports?status=resolved')).json()) as {
      id: number;
      snapshot: { adId: number; title: string; advertiserId: number; photos: string[] };
    }[];
    const item = resolved.find((r) => r.id === made.body.id)!;
    expect(item.snapshot).toMatchObject({
      adId,
      title: 'Aviso con fotos',
      advertiserId,
      photos: keys.map((k) => `/media/ads/${k}-400.webp`),
    });
    // Staff can still open the evidence; nobody else can.
    const evidence = item.snapshot.photos[0]!;
    expect((await fetch(`${server.url}${evidence}`, { headers: { Cookie: `${staffSessions.cookie}=${adminCookie}` } })).status).toBe(200);
    expect((await fetch(`${server.url}${evidence}`)).status).toBe(404);
    expect((await fetch(`${server.url}${evidence}`, { headers: { Cookie: `${advertiserSessions.cookie}=${cookie}` } })).status).toBe(404);
  });

  it('a dismissed report releases its evidence: a photo deleted afterwards is gone from disk', async () => {
    const { adId, cookie } = await owner();
    const photo = (await (await upload(cookie, adId)).json()) as { id: number };
    await t.db('ads').where('id', adId).update({ state: 'published' });
    const key: string = (await t.db('ad_images').where('id', photo.id).first('file_key')).file_key;
    const made = await report(adId, 'fotos_falsas');
    // Open report: deleting the photo keeps its file for staff.
    expect((await asOwner(cookie, 'DELETE', `/${adId}/photos/${photo.id}`)).status).toBe(204);
    expect(fs.existsSync(`${t.dataDir}/${adImageObjectKey(key, 400)}`)).toBe(true);
    expect(await decideReport(t.db, made.body.id, 'dismissed', adminId)).toBe('ok');
    expect(await t.db('report_evidence').where('report_id', made.body.id)).toEqual([]);
  });
});

describe('hiding reports', () => {
  it('one reporter hides at most the day limit; later reports reach staff with the ad still visible', async () => {
    const reporter = newReporter();
    const ads = await Promise.all(
      Array.from({ length: HIDING_REPORTS_PER_DAY + 2 }, () => owner({ plan: 'vip', planExpiresAt: new Date(Date.now() + 20 * DAY_MS) })),
    );
    // In parallel: the limit holds however the requests interleave.
    const answers = await Promise.all(ads.map((ad) => report(ad.adId, 'posible_menor', reporter)));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.body.hidden)).toHaveLength(HIDING_REPORTS_PER_DAY);
    const states = await Promise.all(ads.map((ad) => stateOf(ad.adId)));
    expect(states.filter((s) => s === 'held')).toHaveLength(HIDING_REPORTS_PER_DAY);
    expect(states.filter((s) => s === 'published')).toHaveLength(2);
    expect(
      await t.db('reports').whereIn(
        'ad_id',
        ads.map((a) => a.adId),
      ),
    ).toHaveLength(ads.length);
    // Another address still can.
    const visible = ads.find((_, i) => states[i] === 'published')!;
    expect((await report(visible.adId, 'posible_menor')).body.hidden).toBe(true);
  });

  it('counts the addresses of one IPv6 /64 as one reporter (finding 2 of the second round)', async () => {
    const ads = await Promise.all(
      Array.from({ length: HIDING_REPORTS_PER_DAY + 2 }, () => owner({ plan: 'vip', planExpiresAt: new Date(Date.now() + 20 * DAY_MS) })),
    );
    // One household's /64, a new address for every report, written in the different ways IPv6 allows.
    const prefix = `2001:db8:${(++lastAddress).toString(16)}:7`;
    const addresses = ads.map((_, i) => (i % 2 ? `${prefix}:0:0:0:${i + 1}` : `${prefix}::${(i + 1).toString(16)}:abcd`));
    const answers = await Promise.all(ads.map((ad, i) => report(ad.adId, 'posible_menor', addresses[i])));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.body.hidden)).toHaveLength(HIDING_REPORTS_PER_DAY);
    // The neighbouring /64 is someone else.
    const visible = ads.find((_, i) => !answers[i]!.body.hidden)!;
    expect((await report(visible.adId, 'posible_menor', `2001:db8:${lastAddress.toString(16)}:8::1`)).body.hidden).toBe(true);
  });

  it('alerts staff at once and tells the advertiser, without naming the reporter', async () => {
    const { adId } = await owner();
    const email = (await t.db('ads as ad').join('advertisers as a', 'a.id', 'ad.advertiser_id').where('ad.id', adId).first('a.email'))
      .email as string;
    const reporter = newReporter();
    await fetch(`${server.url}/api/reports`, {
      method: 'POST',
      headers: { ...sameOriginJson, 'X-Forwarded-For': reporter },
      body: JSON.stringify({ adId, reason: 'posible_menor', contactEmail: 'testigo@ejemplo.com', details: 'Detalle del testigo' }),
    });
    const alerts = (await (await asStaff('GET', '/alerts')).json()) as StaffAlertItem[];
    const alert = alerts.find((a) => a.message.includes(`(código ${adId})`))!;
    expect(alert).toMatchObject({ kind: 'hiding_report' });
    const notice = mailer.sent.findLast((m) => m.to === email)!;
    expect(notice.subject).toBe('Tu anuncio quedó oculto mientras lo revisamos');
    for (const secret of ['testigo@ejemplo.com', 'Detalle del testigo', reporter, 'menor']) expect(notice.text).not.toContain(secret);
    // Seen once, gone from the list.
    expect((await asStaff('POST', `/alerts/${alert.id}/seen`)).status).toBe(200);
    expect((await asStaff('POST', `/alerts/${alert.id}/seen`)).status).toBe(404);
    expect(((await (await asStaff('GET', '/alerts')).json()) as { id: number }[]).some((a) => a.id === alert.id)).toBe(false);
  });

  it("freeze the paid plan's time while the ad is hidden and give it back when the report is dismissed", async () => {
    const start = new Date();
    const planEnd = new Date(start.getTime() + 2 * DAY_MS);
    const { adId } = await owner({ plan: 'vip', planExpiresAt: planEnd });
    const listingEnd = new Date((await t.db('ads').where('id', adId).first('expires_at')).expires_at);
    const made = await report(adId, 'posible_menor');
    // Three days later the plan would have ended; held, it has not.
    await endPlans(t.db, new Date(start.getTime() + 3 * DAY_MS));
    expect(await t.db('ads').where('id', adId).first('plan')).toEqual({ plan: 'vip' });
    // Dismissed after five days: the plan and the listing get those five days back.
    expect(await decideReport(t.db, made.body.id, 'dismissed', adminId, new Date(start.getTime() + 5 * DAY_MS))).toEqual({
      releasedAdId: adId,
    });
    const ad = await t.db('ads').where('id', adId).first('state', 'plan', 'plan_expires_at', 'expires_at', 'held_at');
    expect(ad.state).toBe('published');
    expect(ad.held_at).toBeNull();
    const heldFor = (date: unknown, from: Date) => new Date(date as string).getTime() - from.getTime();
    expect(Math.abs(heldFor(ad.plan_expires_at, planEnd) - 5 * DAY_MS)).toBeLessThan(60_000);
    expect(Math.abs(heldFor(ad.expires_at, listingEnd) - 5 * DAY_MS)).toBeLessThan(60_000);
  });
});
