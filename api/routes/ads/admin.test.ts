// Moderation of ads in the panel, on SQLite and PostgreSQL: the queue with what screening found, approval only
// for a verified advertiser (live for 30 days, once), refusals only with a reason, each decision audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { startPanel, errorOf, type Panel } from '#api/testing/panel.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

describe('ad moderation', () => {
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
