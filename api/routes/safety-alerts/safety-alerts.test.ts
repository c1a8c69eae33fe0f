// Safety alerts through HTTP on SQLite and PostgreSQL (docs/decisions/040-alertas.md): the number is kept only as
// a keyed hash and any of its written forms finds it; lookups count approved, unexpired alerts only, by kind and
// with the newest date, and never name the reporter; staff moderate (audited) and see who filed; 12 months after
// filing an alert stops counting and the job deletes it. Who may use them, the limits and the checks are in
// safety-alerts-access.test.ts.
import { describe, expect, it } from 'vitest';
import { errorOf } from '#api/testing/panel.ts';
import { scheduledJobs } from '#api/jobs.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { webPushSender } from '#api/services/search-alerts-job.ts';
import { testConfig } from '#api/testing/http.ts';
import { buenosAiresDate } from '#shared/dates.ts';
import { type OwnSafetyAlert } from '#shared/safety-alerts.ts';
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';
import {
  panel,
  db,
  DAY_MS,
  daysAgo,
  advertiser,
  asAdvertiser,
  report,
  fileOk,
  lookup,
  staff,
  staffList,
  useSafetyAlertsPanel,
} from './testing.ts';

useSafetyAlertsPanel();

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
