// Moderation of ads in the panel, on SQLite and PostgreSQL: the queue with what screening found and what a moderator
// judges an ad by (phone, schedule, age, rates), approval only for a verified advertiser (live for 30 days, once),
// refusals only with a reason, each decision audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertAdvertiser, insertVerificationRequest } from '#tooling/factories/index.ts';
import { startPanel, errorOf, type Panel } from '#api/testing/panel.ts';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';
import type { ModerationItem } from '#shared/contracts/staff/moderation.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

/** The birth date of someone who turned `years` yesterday (Buenos Aires). */
const bornYearsAgo = (years: number) => shiftDate(buenosAiresDate(new Date()), -years, -1);

describe('ad moderation', () => {
  it("shows each ad's contact phone as Argentines read it, its weekly schedule, the advertiser's age and the rates", async () => {
    const { call, cookies, t } = panel;
    const verified = await insertAdvertiser(t.db, { verificationStatus: 'verified', birthDate: bornYearsAgo(31) });
    const withEverything = await insertAd(t.db, verified, {
      title: 'Aviso con teléfono y horarios',
      state: 'pending',
      phone: '+5491155550123',
      days: ['lunes-viernes', 'domingos'],
      slots: ['tarde', 'nocturno'],
      openSchedule: true,
      services: ['presencial', 'hotel'],
      rates: { propio: { '1h': 20000, '2h': 36000 }, hotel: { noche: 90000 } },
    });
    // Not verified yet: the age is the one stated in the request waiting for staff, marked as not confirmed.
    const waiting = await insertAdvertiser(t.db, { verificationStatus: 'pending' });
    await t.db('advertisers').where('id', waiting).update({ birth_date: null });
    await insertVerificationRequest(t.db, waiting, { birthDate: bornYearsAgo(22), documents: ['selfie'] });
    const stated = await insertAd(t.db, waiting, {
      title: 'Aviso sin teléfono',
      state: 'pending',
      phone: null,
      days: [],
      slots: [],
      is24h: true,
    });
    // Never sent a verification: no age to show.
    const unknown = await insertAdvertiser(t.db, { verificationStatus: 'unverified' });
    await t.db('advertisers').where('id', unknown).update({ birth_date: null });
    const noAge = await insertAd(t.db, unknown, { title: 'Aviso sin edad', state: 'pending', phone: '+541145550123' });

    const answer = await call('GET', '/api/admin/ads?state=pending', cookies.manage_ads);
    expect(answer.status).toBe(200);
    const queue = (await answer.json()) as ModerationItem[];
    const item = (id: number) => queue.find((a) => a.id === id);
    expect(item(withEverything)).toMatchObject({
      phone: '011 15-5555-0123',
      schedule: { days: ['lunes-viernes', 'domingos'], slots: ['tarde', 'nocturno'], is24h: false, openSchedule: true },
      age: { years: 31, confirmed: true },
      rates: { propio: { '1h': 20000, '2h': 36000 }, hotel: { noche: 90000 } },
      services: ['presencial', 'hotel'],
    });
    expect(item(stated)).toMatchObject({
      phone: null,
      schedule: { days: [], slots: [], is24h: true, openSchedule: false },
      age: { years: 22, confirmed: false },
    });
    expect(item(noAge)).toMatchObject({ phone: '011 4555-0123', age: null });
    // The birth date itself stays out of the answer.
    expect(JSON.stringify(item(withEverything))).not.toContain(bornYearsAgo(31));

    // Who may see the queue has not changed.
    expect((await call('GET', '/api/admin/ads?state=pending', cookies.view_reports)).status).toBe(403);
  });

  it('shows red flags in the queue; an unverified advertiser is not approved; a rejection needs a reason', async () => {
    const { call, cookies, t } = panel;
    const unverified = await insertAdvertiser(t.db, { fullName: 'Sin Verificar', verificationStatus: 'pending' });
    const ad = await insertAd(t.db, unverified, { title: 'Aviso de alguien sin verificar', state: 'pending' });
    await t
      .db('ads')
      .where('id', ad)
      .update({ review_flags: JSON.stringify([{ kind: 'posible_menor', match: 'colegiala' }]), submitted_at: new Date() });
    const queue = (await (await call('GET', '/api/admin/ads', cookies.manage_ads)).json()) as {
      id: number;
      flags: unknown[];
      advertiserVerification: string;
    }[];
    expect(queue.find((a) => a.id === ad)).toMatchObject({
      flags: [{ kind: 'posible_menor', match: 'colegiala' }],
      advertiserVerification: 'pending',
    });

    const refused = await call('POST', `/api/admin/ads/${ad}/approve`, cookies.super);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('advertiser_not_verified');
    expect((await t.db('ads').where('id', ad).first()).state).toBe('pending');

    expect((await call('POST', `/api/admin/ads/${ad}/reject`, cookies.super, {})).status).toBe(400);
    const rejected = await call('POST', `/api/admin/ads/${ad}/reject`, cookies.super, { reason: 'El texto sugiere una menor de edad.' });
    expect(rejected.status).toBe(200);
    expect(await t.db('ads').where('id', ad).first()).toMatchObject({
      state: 'rejected',
      state_reason: 'El texto sugiere una menor de edad.',
    });
    expect(
      await t
        .db('audit_log')
        .where({ action: 'ad_rejected', target_id: String(ad) })
        .first(),
    ).toBeDefined();
  });

  it('publishes an approved ad for 30 days, once; removes a live one with its reason; 404 for an unknown ad', async () => {
    const { call, cookies, t } = panel;
    const verified = await insertAdvertiser(t.db, { verificationStatus: 'verified' });
    const pending = await insertAd(t.db, verified, { title: 'Aviso para aprobar', state: 'pending' });
    const live = await insertAd(t.db, verified, { title: 'Aviso para dar de baja', state: 'published' });

    expect((await call('POST', `/api/admin/ads/${pending}/approve`, cookies.manage_ads)).status).toBe(200);
    const approved = await t.db('ads').where('id', pending).first();
    expect(approved.state).toBe('published');
    expect(new Date(approved.expires_at).getTime() - new Date(approved.published_at).getTime()).toBe(30 * 86_400_000);
    expect((await call('POST', `/api/admin/ads/${pending}/approve`, cookies.super)).status).toBe(409);

    expect((await call('POST', `/api/admin/ads/${live}/remove`, cookies.super, { reason: 'Denuncia confirmada.' })).status).toBe(200);
    expect(await t.db('ads').where('id', live).first()).toMatchObject({ state: 'removed', state_reason: 'Denuncia confirmada.' });
    expect((await call('POST', '/api/admin/ads/999999/approve', cookies.super)).status).toBe(404);
  });
});
