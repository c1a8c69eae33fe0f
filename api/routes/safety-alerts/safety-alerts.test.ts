// Safety alerts through HTTP on SQLite and PostgreSQL (docs/decisions/040-alertas.md): the number is kept only as
// a keyed hash and any of its written forms finds it; lookups count approved, unexpired alerts only, by kind and
// with the newest date, and never name the reporter; staff moderate (audited) and see who filed; 12 months after
// filing an alert stops counting and the job deletes it; only verified advertisers get in; both uses are limited
// per advertiser; refusals say why in Spanish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startPanel, type Panel } from '#api/testing/panel.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { scheduledJobs } from '#api/jobs.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { webPushSender } from '#api/services/search-alerts-job.ts';
import { testConfig } from '#api/testing/http.ts';
import { deleteAdvertiserAccount } from '#db/queries/advertiser-data.ts';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';
import { PHONE_MESSAGE } from '#shared/phone.ts';
import { FILINGS_PER_DAY, LOOKUPS_PER_WINDOW, type OwnSafetyAlert, type SafetyAlertLookup } from '#shared/safety-alerts.ts';
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

const db = () => panel.t.db;
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => shiftDate(buenosAiresDate(new Date()), 0, -days);

let advertiserCount = 0;
async function advertiser(verificationStatus: 'verified' | 'unverified' | 'pending' | 'rejected' = 'verified') {
  advertiserCount += 1;
  const fullName = `Anunciante Alertas ${advertiserCount}`;
  const email = `alertas${advertiserCount}@ejemplo.com`;
  const id = await insertAdvertiser(db(), { verificationStatus, fullName, email });
  return { id, fullName, email, cookie: await advertiserSessions.create(db(), id) };
}

async function asAdvertiser(cookie: string | undefined, method: string, path: string, body?: unknown) {
  const res = await fetch(`${panel.server.url}/api/advertiser/safety-alerts${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res;
}

const report = (cookie: string, body: Record<string, unknown>) =>
  asAdvertiser(cookie, 'POST', '', { kind: 'robo', description: 'Se fue sin pagar y se llevó un celular.', ...body });

async function fileOk(cookie: string, body: Record<string, unknown>): Promise<number> {
  const res = await report(cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function lookup(cookie: string, phone: string): Promise<SafetyAlertLookup> {
  const res = await asAdvertiser(cookie, 'POST', '/lookup', { phone });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SafetyAlertLookup;
}

async function staff(action: string, id: number, body?: unknown, cookie = panel.cookies.view_reports) {
  return panel.call('POST', `/api/admin/safety-alerts/${id}/${action}`, cookie, body);
}

async function staffList(status: string): Promise<SafetyAlertReview[]> {
  const res = await panel.call('GET', `/api/admin/safety-alerts?status=${status}`, panel.cookies.view_reports);
  expect(res.status).toBe(200);
  return (await res.json()) as SafetyAlertReview[];
}

describe('the number is kept only as a keyed hash', () => {
  it('stores no digit of the number anywhere in the row, the audit log or the staff list, and any written form finds it', async () => {
    const reporter = await advertiser();
    const reader = await advertiser();
    const id = await fileOk(reporter.cookie, { phone: 'https://wa.me/5491145678123?text=Hola', kind: 'violencia' });

    const row = await db()('safety_alerts').where('id', id).first();
    expect(row.phone_hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify({ ...row, phone_hash: undefined });
    for (const digits of ['45678123', '1145678123', '5491145678123']) {
      expect(stored).not.toContain(digits);
      expect(row.phone_hash).not.toContain(digits);
    }

    expect((await staff('approve', id)).status).toBe(200);
    const audit = JSON.stringify(await db()('audit_log').where({ target_type: 'safety_alert', target_id: String(id) }));
    const list = JSON.stringify(await staffList('approved'));
    const alertsForStaff = JSON.stringify(await db()('staff_alerts'));
    for (const text of [audit, list, alertsForStaff]) expect(text).not.toContain('45678123');

    // The same mobile as people write it: local with 15, international, a call link, a WhatsApp link without the 9.
    for (const written of ['011 15-4567-8123', '+54 9 11 4567-8123', 'tel:+5491145678123', 'https://wa.me/541145678123']) {
      expect((await lookup(reader.cookie, written)).total, written).toBe(1);
    }
    expect((await lookup(reader.cookie, '11 4567-8124')).total).toBe(0);
  });
});

describe('lookups', () => {
  it('count approved alerts only, by kind, with the newest date and the descriptions, never the reporter', async () => {
    const phone = '11 4000-1001';
    const reader = await advertiser();
    const reporters = await Promise.all([1, 2, 3, 4, 5].map(() => advertiser()));
    const ids = [
      await fileOk(reporters[0]!.cookie, { phone, kind: 'robo', incidentDate: daysAgo(40), description: 'Robo de dinero al irse.' }),
      await fileOk(reporters[1]!.cookie, { phone, kind: 'violencia', incidentDate: daysAgo(10), description: 'Se puso violento.' }),
      await fileOk(reporters[2]!.cookie, { phone, kind: 'robo', incidentDate: daysAgo(100), description: 'Se llevó el celular.' }),
      await fileOk(reporters[3]!.cookie, { phone, kind: 'amenaza', description: 'Amenazas por mensaje de texto.' }),
      await fileOk(reporters[4]!.cookie, { phone, kind: 'estafa', description: 'Pagó con un comprobante falso.' }),
    ];
    // Pending: nobody sees anything yet.
    expect(await lookup(reader.cookie, phone)).toEqual({ total: 0, kinds: [], newest: null, alerts: [] });

    for (const id of ids.slice(0, 3)) expect((await staff('approve', id)).status).toBe(200);
    expect((await staff('reject', ids[3]!, { reason: 'No describe un incidente concreto.' })).status).toBe(200);
    // ids[4] stays pending.
    const answer = await lookup(reader.cookie, phone);
    expect(answer.total).toBe(3);
    expect(answer.kinds).toEqual([
      { kind: 'robo', label: 'Robo', count: 2 },
      { kind: 'violencia', label: 'Violencia', count: 1 },
    ]);
    expect(answer.newest).toEqual({ date: daysAgo(10), daysAgo: 10 });
    expect(answer.alerts).toEqual([
      { kind: 'violencia', description: 'Se puso violento.', date: daysAgo(10) },
      { kind: 'robo', description: 'Robo de dinero al irse.', date: daysAgo(40) },
      { kind: 'robo', description: 'Se llevó el celular.', date: daysAgo(100) },
    ]);
    const text = JSON.stringify(answer);
    for (const r of reporters) {
      expect(text).not.toContain(r.fullName);
      expect(text).not.toContain(r.email);
    }

    // An approved alert staff withdraw stops counting at once.
    expect((await staff('withdraw', ids[1]!, { reason: 'Alerta cargada desde el número de una competidora.' })).status).toBe(200);
    const after = await lookup(reader.cookie, phone);
    expect(after.total).toBe(2);
    expect(after.newest).toEqual({ date: daysAgo(40), daysAgo: 40 });
  });

  it('date an alert without incident date by its filing', async () => {
    const reporter = await advertiser();
    const reader = await advertiser();
    const id = await fileOk(reporter.cookie, { phone: '11 4000-1002', kind: 'no_se_presento', description: 'Reservó y no vino.' });
    await staff('approve', id);
    expect((await lookup(reader.cookie, '11 4000-1002')).newest).toEqual({ date: buenosAiresDate(new Date()), daysAgo: 0 });
  });
});

describe('expiry after 12 months from filing', () => {
  it('stops counting at once, and the job deletes the alert whatever its state', async () => {
    const phone = '11 4000-2001';
    const reader = await advertiser();
    const old = await advertiser();
    const recent = await advertiser();
    const oldId = await fileOk(old.cookie, { phone, kind: 'estafa', description: 'Transferencia falsa.' });
    const oldPendingId = await fileOk(old.cookie, { phone: '11 4000-2002', kind: 'estafa', description: 'Transferencia falsa.' });
    const recentId = await fileOk(recent.cookie, { phone, kind: 'amenaza', description: 'Mensajes amenazantes.' });
    await staff('approve', oldId);
    await staff('approve', recentId);
    const thirteenMonthsAgo = new Date(Date.now() - 396 * DAY_MS);
    await db()('safety_alerts').whereIn('id', [oldId, oldPendingId]).update({ created_at: thirteenMonthsAgo });
    // Eleven months and a half is still counted.
    const elevenMonthsAgo = new Date(Date.now() - 350 * DAY_MS);
    await db()('safety_alerts').where('id', recentId).update({ created_at: elevenMonthsAgo });

    const answer = await lookup(reader.cookie, phone);
    expect(answer.total).toBe(1);
    expect(answer.kinds).toEqual([{ kind: 'amenaza', label: 'Amenaza', count: 1 }]);
    // Nor in the reporter's list or the staff's.
    const own = (await (await asAdvertiser(old.cookie, 'GET', '')).json()) as OwnSafetyAlert[];
    expect(own.map((a) => a.id)).not.toContain(oldId);
    expect((await staffList('approved')).map((a) => a.id)).not.toContain(oldId);
    // An expired alert does not hold the number for its reporter: they can file again.
    await fileOk(old.cookie, { phone, kind: 'estafa', description: 'Volvió a pasar, otra transferencia falsa.' });

    const job = scheduledJobs({
      db: db(),
      store: diskStore(panel.t.dataDir),
      mailer: new MemoryMailer(),
      siteOrigin: 'https://velada.example',
      pushSender: webPushSender(db(), testConfig(panel.t.dataDir)),
    }).find((j) => j.name === 'safety-alert-retention')!;
    await job.run(new Date());
    expect(await db()('safety_alerts').whereIn('id', [oldId, oldPendingId, recentId]).pluck('id')).toEqual([recentId]);
  });
});

describe('moderation', () => {
  it('shows staff the reporter and the other alerts on the number; decisions are audited and the reporter sees them', async () => {
    const phone = '11 4000-3001';
    const first = await advertiser();
    const second = await advertiser();
    const third = await advertiser();
    const a = await fileOk(first.cookie, { phone, kind: 'robo', description: 'Primera alerta sobre el número.' });
    const b = await fileOk(second.cookie, { phone, kind: 'violencia', description: 'Segunda alerta sobre el número.' });
    const c = await fileOk(third.cookie, { phone, kind: 'estafa', description: 'Tercera alerta sobre el número.' });
    await staff('approve', a);

    const pending = await staffList('pending');
    const reviewB = pending.find((r) => r.id === b)!;
    expect(reviewB).toMatchObject({
      kind: 'violencia',
      description: 'Segunda alerta sobre el número.',
      status: 'pending',
      reporter: { id: second.id, name: second.fullName, email: second.email },
      sameNumber: { pending: 1, approved: 1, rejected: 0, withdrawn: 0 },
    });
    expect(pending.findIndex((r) => r.id === b)).toBeLessThan(pending.findIndex((r) => r.id === c)); // oldest first

    // Refusing and withdrawing say why.
    const noReason = await staff('reject', b, {});
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).field).toBe('reason');
    expect((await staff('reject', b, { reason: 'Trae el nombre de una persona.' })).status).toBe(200);
    expect((await staff('withdraw', a, { reason: 'Reportado desde el número de una competidora.' })).status).toBe(200);

    // Only from the right state; an unknown alert is a 404.
    const twice = await staff('approve', b);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe('Esa alerta ya no está en revisión: ya fue aprobada o rechazada.');
    const withdrawPending = await staff('withdraw', c, { reason: 'No corresponde todavía.' });
    expect(withdrawPending.status).toBe(409);
    expect((await errorOf(withdrawPending)).message).toBe('Solo se puede retirar una alerta aprobada.');
    expect((await staff('approve', 999_999)).status).toBe(404);

    const audit = await db()('audit_log')
      .where('target_type', 'safety_alert')
      .whereIn('target_id', [String(a), String(b)])
      .orderBy('id');
    expect(audit.map((e) => [e.action, e.target_id, e.username])).toEqual([
      ['safety_alert_approved', String(a), 'con_view_reports'],
      ['safety_alert_rejected', String(b), 'con_view_reports'],
      ['safety_alert_withdrawn', String(a), 'con_view_reports'],
    ]);
    expect(JSON.parse(audit[1].details)).toEqual({ reason: 'Trae el nombre de una persona.' });
    // A refused decision leaves no audit row.
    expect(await db()('audit_log').where({ target_type: 'safety_alert', target_id: String(c) })).toHaveLength(0);

    const own = (await (await asAdvertiser(second.cookie, 'GET', '')).json()) as OwnSafetyAlert[];
    expect(own).toEqual([
      expect.objectContaining({
        id: b,
        kind: 'violencia',
        status: 'rejected',
        decisionReason: 'Trae el nombre de una persona.',
        incidentDate: null,
      }),
    ]);
    expect(Date.parse(own[0]!.expiresAt) - Date.parse(own[0]!.createdAt)).toBeGreaterThan(364 * DAY_MS);
    expect(JSON.stringify(own)).not.toContain('4000');
  });

  it('lets staff find every alert on a number someone asks about, in any state, auditing the search without the number', async () => {
    const phone = '11 4000-3501';
    const first = await advertiser();
    const second = await advertiser();
    const a = await fileOk(first.cookie, { phone, kind: 'robo', description: 'Una alerta para rectificar.' });
    const b = await fileOk(second.cookie, { phone: 'https://wa.me/5491140003501', kind: 'amenaza', description: 'Otra alerta.' });
    await staff('approve', a);
    await fileOk(first.cookie, { phone: '11 4000-3502', description: 'Sobre otro número.' });

    const res = await panel.call('POST', '/api/admin/safety-alerts/by-number', panel.cookies.view_reports, { phone: '+54 9 11 4000-3501' });
    expect(res.status).toBe(200);
    const found = (await res.json()) as SafetyAlertReview[];
    expect(found.map((r) => [r.id, r.status, r.reporter.id])).toEqual([
      [b, 'pending', second.id],
      [a, 'approved', first.id],
    ]);
    const audit = await db()('audit_log').where('action', 'safety_alerts_searched').orderBy('id', 'desc').first();
    expect(audit.username).toBe('con_view_reports');
    expect(JSON.parse(audit.details)).toEqual({ found: 2 });
    expect(JSON.stringify(audit)).not.toContain('40003501');
    const refused = await panel.call('POST', '/api/admin/safety-alerts/by-number', panel.cookies.view_reports, { phone: 'hola' });
    expect(refused.status).toBe(400);
  });

  it('counts one reporter once per number: a second alert waits until the first is rejected', async () => {
    const reporter = await advertiser();
    const id = await fileOk(reporter.cookie, { phone: '11 4000-4001' });
    const again = await report(reporter.cookie, { phone: '+54 9 11 4000-4001', kind: 'amenaza' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: 'already_reported',
      field: 'phone',
      message:
        'Ya reportaste este número y tu alerta está en revisión o aprobada: cada anunciante cuenta una vez por número. Si pasó algo nuevo, escribinos desde Contacto.',
    });
    await staff('approve', id);
    expect((await report(reporter.cookie, { phone: '11 4000-4001' })).status).toBe(409);
    await staff('withdraw', id, { reason: 'Pedido de rectificación atendido.' });
    await fileOk(reporter.cookie, { phone: '11 4000-4001', description: 'Con una descripción corregida.' });
  });
});

describe('who may use the alerts', () => {
  it('refuses advertisers who are not verified, with what to do, and anyone without an advertiser session', async () => {
    const refusedIds: number[] = [];
    for (const status of ['unverified', 'pending', 'rejected'] as const) {
      const who = await advertiser(status);
      refusedIds.push(who.id);
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['POST', '', { phone: '11 4000-5001', kind: 'robo', description: 'Se llevó el celular.' }],
        ['POST', '/lookup', { phone: '11 4000-5001' }],
      ] as const) {
        const res = await asAdvertiser(who.cookie, method, path, body);
        expect(res.status, `${status} ${method} ${path}`).toBe(403);
        expect(await errorOf(res)).toEqual({
          code: 'not_verified',
          message:
            'Las alertas de seguridad son solo para anunciantes con la identidad verificada. Verificá tu identidad desde Mi cuenta; si ya la enviaste, vas a poder usarlas cuando la aprobemos.',
        });
      }
    }
    expect(await db()('safety_alerts').whereIn('reporter_id', refusedIds)).toHaveLength(0);
    expect((await asAdvertiser(undefined, 'POST', '/lookup', { phone: '11 4000-5001' })).status).toBe(401);

    // A staff session is not an advertiser's; an advertiser's does not open the panel.
    const staffOnly = await fetch(`${panel.server.url}/api/advertiser/safety-alerts/lookup`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'same-origin',
        Cookie: `${staffSessions.cookie}=${panel.cookies.super}`,
      },
      body: JSON.stringify({ phone: '11 4000-5001' }),
    });
    expect(staffOnly.status).toBe(401);
    const verified = await advertiser();
    const panelAsAdvertiser = await fetch(`${panel.server.url}/api/admin/safety-alerts`, {
      headers: { Cookie: `${advertiserSessions.cookie}=${verified.cookie}` },
    });
    expect(panelAsAdvertiser.status).toBe(401);
    // Staff without the reports permission are refused.
    expect((await panel.call('GET', '/api/admin/safety-alerts', panel.cookies.manage_ads)).status).toBe(403);
  });
});

describe('limits', () => {
  it(`allows ${LOOKUPS_PER_WINDOW} lookups per advertiser in 15 minutes; a mistyped number is not counted`, async () => {
    const who = await advertiser();
    for (let i = 0; i < 3; i++) expect((await asAdvertiser(who.cookie, 'POST', '/lookup', { phone: 'hola' })).status).toBe(400);
    for (let i = 0; i < LOOKUPS_PER_WINDOW; i++) await lookup(who.cookie, `11 4100-${String(1000 + i)}`);
    const refused = await asAdvertiser(who.cookie, 'POST', '/lookup', { phone: '11 4100-2000' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toMatch(/^Hiciste muchas consultas seguidas\. Esperá \d+ minutos? y volvé a consultar\.$/);
    // Another advertiser still can.
    await lookup((await advertiser()).cookie, '11 4100-2000');
  });

  it(`allows ${FILINGS_PER_DAY} reports per advertiser in 24 hours`, async () => {
    const who = await advertiser();
    for (let i = 0; i < FILINGS_PER_DAY; i++) await fileOk(who.cookie, { phone: `11 4200-${1000 + i}` });
    const refused = await report(who.cookie, { phone: '11 4200-2000' });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(
      `Ya reportaste ${FILINGS_PER_DAY} incidentes en las últimas 24 horas, el máximo por día. Si es urgente, escribinos desde Contacto.`,
    );
    expect(await db()('safety_alerts').where('reporter_id', who.id)).toHaveLength(FILINGS_PER_DAY);
  });
});

describe('validation', () => {
  it.each([
    ['text that is no number', { phone: 'hola' }, 'phone', PHONE_MESSAGE],
    ['no number', { phone: '' }, 'phone', 'Escribí el número, o pegá su enlace de WhatsApp.'],
    ['an unknown kind', { kind: 'otro' }, 'kind', 'Elegí qué pasó.'],
    ['a too short description', { description: 'Corto' }, 'description', 'Contá brevemente qué pasó: al menos 10 caracteres.'],
    ['a too long description', { description: 'x'.repeat(501) }, 'description', 'La descripción puede tener hasta 500 caracteres.'],
    ['tomorrow', { incidentDate: shiftDate(buenosAiresDate(new Date()), 0, 1) }, 'incidentDate', 'La fecha no puede ser posterior a hoy.'],
    [
      'a year and a day ago',
      { incidentDate: shiftDate(buenosAiresDate(new Date()), -1, -1) },
      'incidentDate',
      'Solo se reportan incidentes de los últimos 12 meses.',
    ],
    ['a date that is not one', { incidentDate: '2026-02-30x' }, 'incidentDate', 'Elegí una fecha válida o dejala vacía.'],
  ])('refuses %s with a message on its field', async (_, change, field, detail) => {
    const who = await advertiser();
    const res = await report(who.cookie, { phone: '11 4300-1000', ...change });
    expect(res.status).toBe(400);
    const error = (await res.json()) as { error: { field: string; detail: string } };
    expect(error.error).toMatchObject({ field, detail });
  });
});

describe('the reporter’s data', () => {
  it('are in the account download and go with the account', async () => {
    const who = await advertiser();
    await fileOk(who.cookie, { phone: '11 4400-1000', kind: 'amenaza', incidentDate: daysAgo(3), description: 'Amenazas por audio.' });
    const data = await fetch(`${panel.server.url}/api/advertiser/data`, {
      headers: { Cookie: `${advertiserSessions.cookie}=${who.cookie}` },
    });
    const exported = (await data.json()) as { safetyAlerts: unknown[] };
    expect(exported.safetyAlerts).toEqual([
      expect.objectContaining({ kind: 'amenaza', description: 'Amenazas por audio.', incidentDate: daysAgo(3), status: 'pending' }),
    ]);
    expect(JSON.stringify(exported)).not.toContain('44001000');
    await deleteAdvertiserAccount(db(), who.id);
    expect(await db()('safety_alerts').where('reporter_id', who.id)).toHaveLength(0);
  });
});
