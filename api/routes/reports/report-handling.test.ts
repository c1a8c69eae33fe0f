// Reports handled fast and fairly (decision 044), through HTTP on SQLite and PostgreSQL: each open report's age
// and the overdue ones; the escalation of an overdue hiding report, once; the advertiser's answer (owner only, open
// reports only) shown to staff. Sources that lose the power to hide and preserved evidence are in
// report-evidence.test.ts.
import { describe, expect, it } from 'vitest';
import { sameOriginJson, testConfig } from '#api/testing/http.ts';
import { MAX_ANSWERS } from '#core/own-ads/ad-review.ts';
import type { StaffAlertItem } from '#shared/contracts/staff/overview.ts';
import { reportAge } from '#shared/report-reasons.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { webPushSender } from '#api/services/search-alerts-job.ts';
import { scheduledJobs } from '#api/jobs.ts';
import {
  STAFF_MAIL,
  HOUR_MS,
  t,
  server,
  mailer,
  report,
  owner,
  asOwner,
  asStaff,
  openReports,
  overdueCount,
  backdate,
  useReportsApp,
} from './testing.ts';

useReportsApp();

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
