// An ad's statistics in the panel, on SQLite and PostgreSQL: the days of the period with their counts, the totals,
// the median ad of the same category and plan, the paid plans and "Disponible ahora" windows marked; only for staff
// who manage ads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertAdvertiser, insertAvailabilityWindow } from '#tooling/factories/index.ts';
import { startPanel, type Panel } from '#api/testing/panel.ts';
import { buenosAiresDate, shiftDate } from '#shared/dates.ts';
import type { AdStats } from '#shared/ad-stats.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

const daysAgo = (n: number) => shiftDate(buenosAiresDate(new Date()), 0, -n);

describe('GET /api/admin/ads/:id/stats', () => {
  it('gives each day of the period, its totals, the median ad of its category and plan, and its paid plans', async () => {
    const { call, cookies, t } = panel;
    const advertiser = await insertAdvertiser(t.db);
    const tier = { category: 'taxi-boys', plan: 'premium' } as const;
    const ad = await insertAd(t.db, advertiser, { ...tier, title: 'Aviso con estadísticas' });
    const other = await insertAd(t.db, advertiser, tier);
    await insertAd(t.db, advertiser, tier); // nothing counted: it totals zero
    const freeOne = await insertAd(t.db, advertiser, { category: 'taxi-boys', plan: 'gratuito' });
    const row = (adId: number, day: string, impressions: number, views: number, phone: number, whatsapp: number) => ({
      ad_id: adId,
      day,
      impressions,
      views,
      phone_reveals: phone,
      whatsapp_opens: whatsapp,
    });
    await t
      .db('ad_daily_stats')
      .insert([
        row(ad, daysAgo(0), 60, 12, 2, 1),
        row(ad, daysAgo(29), 40, 8, 1, 0),
        row(ad, daysAgo(30), 500, 100, 10, 10),
        row(other, daysAgo(3), 10, 2, 0, 0),
        row(freeOne, daysAgo(1), 9000, 900, 90, 90),
      ]);
    const until = new Date(Date.now() + 10 * 86_400_000);
    await t.db('payments').insert({
      advertiser_id: advertiser,
      ad_id: ad,
      amount: 15000,
      payment_method: 'transfer',
      status: 'completed',
      reference: 'VEL-STATS-1',
      plan: 'premium',
      kind: 'purchase',
      plan_until: until,
      created_at: new Date(),
    });

    const hour = 3_600_000;
    const windowStart = new Date(Date.now() - 50 * hour);
    await insertAvailabilityWindow(t.db, ad, { startsAt: windowStart, hours: 2 });
    // "Hoy no atiendo" is not marked; a window before the period is not either.
    await insertAvailabilityWindow(t.db, ad, { kind: 'off', startsAt: new Date(Date.now() - 30 * hour), hours: 4 });
    await insertAvailabilityWindow(t.db, ad, { startsAt: new Date(Date.now() - 40 * 86_400_000) });

    const res = await call('GET', `/api/admin/ads/${ad}/stats`, cookies.manage_ads);
    expect(res.status).toBe(200);
    const stats = (await res.json()) as AdStats;
    expect(stats).toMatchObject({ period: 30, from: daysAgo(29), to: daysAgo(0) });
    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]).toEqual({ day: daysAgo(29), impressions: 40, views: 8, phoneReveals: 1, whatsappOpens: 0 });
    expect(stats.days[29]).toEqual({ day: daysAgo(0), impressions: 60, views: 12, phoneReveals: 2, whatsappOpens: 1 });
    expect(stats.days[15]).toEqual({ day: daysAgo(14), impressions: 0, views: 0, phoneReveals: 0, whatsappOpens: 0 });
    expect(stats.totals).toEqual({ impressions: 100, views: 20, contacts: 4 });
    // Of the three Premium taxi-boys ads (100, 10 and 0 appearances), the middle one; the free ad is another tier.
    expect(stats.median).toEqual({ impressions: 10, views: 2, contacts: 0, ads: 3, category: 'taxi-boys', plan: 'premium' });
    expect(stats.markers).toEqual([
      { kind: 'plan', plan: 'premium', from: new Date(until.getTime() - 30 * 86_400_000).toISOString(), until: until.toISOString() },
      { kind: 'available', from: windowStart.toISOString(), until: new Date(windowStart.getTime() + 2 * hour).toISOString() },
    ]);

    const longer = (await (await call('GET', `/api/admin/ads/${ad}/stats?periodo=90`, cookies.manage_ads)).json()) as AdStats;
    expect(longer.days).toHaveLength(90);
    expect(longer.totals).toEqual({ impressions: 600, views: 120, contacts: 24 });
    expect(longer.markers.filter((m) => m.kind === 'available')).toHaveLength(2);
  });

  it('answers only staff who manage ads, a known ad and a known period', async () => {
    const { call, cookies, t } = panel;
    const ad = await insertAd(t.db, await insertAdvertiser(t.db));
    expect((await call('GET', `/api/admin/ads/${ad}/stats`)).status).toBe(401);
    expect((await call('GET', `/api/admin/ads/${ad}/stats`, cookies.none)).status).toBe(403);
    expect((await call('GET', `/api/admin/ads/${ad}/stats`, cookies.view_reports)).status).toBe(403);
    expect((await call('GET', `/api/admin/ads/${ad}/stats`, cookies.super)).status).toBe(200);
    expect((await call('GET', '/api/admin/ads/987654/stats', cookies.manage_ads)).status).toBe(404);
    expect((await call('GET', `/api/admin/ads/${ad}/stats?periodo=7`, cookies.manage_ads)).status).toBe(400);
  });
});
