// The panel's overview, on SQLite and PostgreSQL: statistics (revenue only for those who may see payments),
// the plan prices, and the audit log's filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { startPanel, errorOf, type Panel } from '#api/testing/panel.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

describe('overview', () => {
  it('hides revenue from admins who may not see payments', async () => {
    const { call, cookies, t } = panel;
    await insertAdvertiser(t.db, { verificationStatus: 'verified' });
    await insertAdvertiser(t.db, { verificationStatus: 'pending' });
    const forPartner = (await (await call('GET', '/api/admin/statistics', cookies.none)).json()) as Record<string, unknown>;
    expect(forPartner).toMatchObject({ monthlyRevenue: null, todayRevenue: null, totalSubscribers: 2 });
    const forSuper = (await (await call('GET', '/api/admin/statistics', cookies.super)).json()) as Record<string, unknown>;
    expect(forSuper).toMatchObject({ monthlyRevenue: 0, totalSubscribers: 2, pendingVerifications: 1 });
  });

  it('saves plan prices (the public plans page reads them) and refuses impossible ones', async () => {
    const { call, cookies } = panel;
    expect((await call('PUT', '/api/admin/settings', cookies.super, { pricePremium: 18000, priceVip: 30000 })).status).toBe(200);
    expect(await (await call('GET', '/api/admin/settings', cookies.none)).json()).toEqual({ pricePremium: 18000, priceVip: 30000 });
    const negative = await call('PUT', '/api/admin/settings', cookies.super, { pricePremium: -1, priceVip: 30000 });
    expect(negative.status).toBe(400);
    expect((await errorOf(negative)).message).toContain('pricePremium');
    expect((await call('PUT', '/api/admin/settings', cookies.none, { pricePremium: 1, priceVip: 2 })).status).toBe(403);
    expect(await (await call('GET', '/api/admin/settings', cookies.super)).json()).toEqual({ pricePremium: 18000, priceVip: 30000 });
  });

  it('filters the audit log by action and username, and refuses a date that is not one', async () => {
    const { call, cookies } = panel;
    const res = await call('GET', '/api/admin/audit-log?action=login_succeeded&username=VELADA_ADMIN', cookies.super);
    const entries = (await res.json()) as { action: string; username: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.action === 'login_succeeded' && e.username === 'velada_admin')).toBe(true);
    expect((await call('GET', '/api/admin/audit-log?from=ayer', cookies.super)).status).toBe(400);
  });
});
