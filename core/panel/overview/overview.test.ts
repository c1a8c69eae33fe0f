// The overview's reads and commands on a real database: alerts by permission, statistics with revenue only for
// those who see payments, the analytics summary, the plan prices (saved with an audit row), the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAlert } from '#db/queries/staff-alerts.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdministrator } from '#tooling/factories/index.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { Refusal } from '#core/refusals.ts';
import { actorOf, auditRows, detailsOf } from '../testing.ts';
import { markAlertSeen, staffAlertsFor } from './alerts.ts';
import { panelStatistics } from './statistics.ts';
import { analyticsSummary } from './analytics.ts';
import { panelSettings, saveSettings } from './settings.ts';
import { auditLog } from './audit-log.ts';

let t: TestDb;
let master: Admin;
let reports: Admin;
let payments: Admin;

beforeAll(async () => {
  t = await createTestDb();
  master = await insertAdministrator(t.db, { isMaster: true });
  reports = await insertAdministrator(t.db, { permissions: ['view_reports'] });
  payments = await insertAdministrator(t.db, { permissions: ['view_payments'] });
});
afterAll(() => t?.destroy());

describe('staff alerts', () => {
  it('shows each admin the unseen alerts of their permissions, without the ad they name', async () => {
    const forReports = await createStaffAlert(t.db, {
      kind: 'hiding_report',
      permission: 'view_reports',
      adId: 41,
      message: 'Denuncia urgente.',
    });
    const forMaster = await createStaffAlert(t.db, { kind: 'login_attack', permission: null, message: 'Ataque a una cuenta.' });
    const seenByReports = await staffAlertsFor(t.db, reports);
    expect(seenByReports.map((a) => a.id)).toContain(forReports);
    expect(seenByReports.map((a) => a.id)).not.toContain(forMaster);
    expect((await staffAlertsFor(t.db, master)).map((a) => a.id)).toEqual(expect.arrayContaining([forReports, forMaster]));
    expect(seenByReports.find((a) => a.id === forReports)).toEqual({
      id: forReports,
      kind: 'hiding_report',
      message: 'Denuncia urgente.',
      createdAt: expect.any(String),
    });
  });

  it('marks one seen with its audit row; a second time, or an alert of another permission, is refused', async () => {
    const id = await createStaffAlert(t.db, { kind: 'overdue_report', permission: 'view_reports', message: 'Demorada.' });
    await expect(markAlertSeen(t.db, actorOf(payments), id)).rejects.toMatchObject({ reason: 'staff_alert_missing' });
    await markAlertSeen(t.db, actorOf(reports), id);
    expect(await auditRows(t.db, 'alert_seen', id)).toEqual([expect.objectContaining({ username: reports.username, ip: '203.0.113.7' })]);
    await expect(markAlertSeen(t.db, actorOf(reports), id)).rejects.toBeInstanceOf(Refusal);
    expect(await auditRows(t.db, 'alert_seen', id)).toHaveLength(1);
  });
});

describe('panelStatistics', () => {
  it('leaves revenue out for staff who may not see payments', async () => {
    const withRevenue = await panelStatistics(t.db, payments);
    expect(withRevenue.monthlyRevenue).toBe(0);
    expect(withRevenue.todayRevenue).toBe(0);
    const without = await panelStatistics(t.db, reports);
    expect(without).toMatchObject({ monthlyRevenue: null, todayRevenue: null, totalSubscribers: withRevenue.totalSubscribers });
  });
});

describe('analyticsSummary', () => {
  it('has thirty days, oldest first, with zeros', async () => {
    const summary = await analyticsSummary(t.db);
    expect(summary.daily).toHaveLength(30);
    expect(Object.keys(summary).sort()).toEqual(
      [
        'browsers',
        'daily',
        'devices',
        'pageViews30Days',
        'pageViewsToday',
        'topPages',
        'trafficSources',
        'uniqueVisitors30Days',
        'uniqueVisitorsToday',
      ].sort(),
    );
  });
});

describe('settings', () => {
  it('saves the prices with an audit row that has them before and after', async () => {
    const before = await panelSettings(t.db);
    await saveSettings(t.db, actorOf(master), { pricePremium: 12_345, priceVip: 23_456 });
    expect(await panelSettings(t.db)).toEqual({ pricePremium: 12_345, priceVip: 23_456 });
    const [row] = await auditRows(t.db, 'settings_saved');
    expect(detailsOf(row)).toEqual({
      before: { premium: before.pricePremium, vip: before.priceVip },
      after: { pricePremium: 12_345, priceVip: 23_456 },
    });
  });
});

describe('auditLog', () => {
  it('lists the entries newest first, filtered by action and username', async () => {
    const entries = await auditLog(t.db, { action: 'alert_seen', username: reports.username.toUpperCase(), limit: 10 });
    expect(entries).toHaveLength(1);
    expect(Object.keys(entries[0]!).sort()).toEqual(['action', 'createdAt', 'details', 'id', 'ip', 'targetId', 'targetType', 'username']);
    const all = await auditLog(t.db, { limit: 500 });
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
  });
});
