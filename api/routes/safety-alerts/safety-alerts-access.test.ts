// Safety alerts: only verified advertisers get in; both uses are limited per advertiser; refusals say why in
// Spanish; the reporter's alerts are in the account download and go with the account.
import { describe, expect, it } from 'vitest';
import { errorOf } from '#api/testing/panel.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { deleteAdvertiserAccount } from '#db/queries/advertiser-data.ts';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';
import { PHONE_MESSAGE } from '#shared/phone.ts';
import { FILINGS_PER_DAY, LOOKUPS_PER_WINDOW } from '#shared/safety-alerts.ts';
import { panel, db, daysAgo, advertiser, asAdvertiser, report, fileOk, lookup, useSafetyAlertsPanel } from './testing.ts';

useSafetyAlertsPanel();

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
