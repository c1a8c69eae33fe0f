// What moderation records for the transparency report (decision 042), through HTTP on SQLite and PostgreSQL: each
// submission of an ad opens one review, staff's decision closes it, and a rejection or removal keeps its category
// in the audit entry (the free-text reason alone, from a panel that sends no category, counts as 'otro').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { startPanel, errorOf, type Panel } from '#api/testing/panel.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { sameOriginJson } from '#api/testing/http.ts';
import { transparencyReport } from '#core/transparency/transparency-report.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

async function submit(adId: number, cookie: string) {
  return fetch(`${panel.server.url}/api/advertiser/ads/${adId}/submit`, {
    method: 'POST',
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: '{}',
  });
}

describe('ad reviews and refusal categories', () => {
  it('opens a review per submission, closes it on the decision and keeps the category of a rejection', async () => {
    const { call, cookies, t } = panel;
    const owner = await insertAdvertiser(t.db);
    const cookie = await advertiserSessions.create(t.db, owner);
    const ad = await insertAd(t.db, owner, { title: 'Aviso para revisar', state: 'draft' });
    const reviews = () => t.db('ad_reviews').where('ad_id', ad).orderBy('id');
    const before = await transparencyReport(t.db);

    expect((await submit(ad, cookie)).status).toBe(200);
    expect(await reviews()).toMatchObject([{ decided_at: null }]);
    // A second tap changes nothing.
    expect((await submit(ad, cookie)).status).toBe(409);
    expect(await reviews()).toHaveLength(1);

    const unknown = await call('POST', `/api/admin/ads/${ad}/reject`, cookies.super, {
      reason: 'Las fotos no se ven.',
      category: 'inventada',
    });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toMatchObject({ field: 'category', message: expect.stringMatching(/categoría/) });
    expect((await t.db('ads').where('id', ad).first()).state).toBe('pending');

    const rejected = await call('POST', `/api/admin/ads/${ad}/reject`, cookies.manage_ads, {
      reason: 'Las fotos no se ven.',
      category: 'fotos',
    });
    expect(rejected.status).toBe(200);
    const [first] = await reviews();
    expect(first.decided_at).not.toBeNull();
    const entry = await t
      .db('audit_log')
      .where({ action: 'ad_rejected', target_id: String(ad) })
      .first();
    expect(JSON.parse(entry.details)).toEqual({ reason: 'Las fotos no se ven.', category: 'fotos' });

    // Sent again after the rejection: a second review, approved this time.
    expect((await submit(ad, cookie)).status).toBe(200);
    expect(await reviews()).toHaveLength(2);
    expect((await call('POST', `/api/admin/ads/${ad}/approve`, cookies.manage_ads)).status).toBe(200);
    expect((await reviews()).every((r) => r.decided_at !== null)).toBe(true);

    const after = (await transparencyReport(t.db)).months.at(-1)!;
    // Before, the report may list no month at all (it starts at the first month with data): then every figure was 0.
    const then = before.months.at(-1);
    expect(after.adsSubmitted! - (then?.adsSubmitted ?? 0)).toBe(2);
    expect(after.adsApproved - (then?.adsApproved ?? 0)).toBe(1);
    expect(after.rejectedByCategory.fotos - (then?.rejectedByCategory.fotos ?? 0)).toBe(1);
    expect(after.medianAdDecisionMs).not.toBeNull();
  });

  it('a removal without a category (an older panel) counts as "otro"', async () => {
    const { call, cookies, t } = panel;
    const owner = await insertAdvertiser(t.db);
    const live = await insertAd(t.db, owner, { title: 'Aviso publicado', state: 'published' });
    expect((await call('POST', `/api/admin/ads/${live}/remove`, cookies.super, { reason: 'Denuncia confirmada.' })).status).toBe(200);
    const entry = await t
      .db('audit_log')
      .where({ action: 'ad_removed', target_id: String(live) })
      .first();
    expect(JSON.parse(entry.details)).toEqual({ reason: 'Denuncia confirmada.', category: 'otro' });
    // A live ad had no review open: none is made or closed.
    expect(await t.db('ad_reviews').where('ad_id', live)).toHaveLength(0);
  });
});
