// Safety alerts in the panel on a real database: who filed each, the number's other alerts, never the number's
// stored form; the search on a number and each decision audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdministrator, insertAdvertiser, insertSafetyAlert } from '#tooling/factories/index.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { actorOf, auditRows, detailsOf } from '../testing.ts';
import { decideAlert, safetyAlertsFor, safetyAlertsOnNumber } from './safety-alerts.ts';

let t: TestDb;
let staff: Admin;

beforeAll(async () => {
  t = await createTestDb();
  staff = await insertAdministrator(t.db, { permissions: ['view_reports'] });
});
afterAll(() => t?.destroy());

describe('the alerts staff review', () => {
  it('name who filed each and count the number’s other alerts, without the number’s stored form', async () => {
    const phoneHash = 'f'.repeat(64);
    const reporter = await insertAdvertiser(t.db, { fullName: 'Rita Reporta' });
    const id = await insertSafetyAlert(t.db, reporter, { phoneHash });
    await insertSafetyAlert(t.db, await insertAdvertiser(t.db), { phoneHash, status: 'approved' });
    const item = (await safetyAlertsFor(t.db, 'pending')).find((a) => a.id === id)!;
    expect(item).toEqual({
      id,
      kind: 'robo',
      description: expect.any(String),
      incidentDate: null,
      status: 'pending',
      decisionReason: null,
      createdAt: expect.any(String),
      reporter: { id: reporter, name: 'Rita Reporta', email: expect.any(String) },
      sameNumber: { pending: 0, approved: 1, rejected: 0, withdrawn: 0 },
    });
    const found = await safetyAlertsOnNumber(t.db, actorOf(staff), phoneHash);
    expect(found).toHaveLength(2);
    expect(JSON.stringify([item, found])).not.toContain(phoneHash);
    const [search] = await auditRows(t.db, 'safety_alerts_searched');
    expect(detailsOf(search)).toEqual({ found: 2 });
    expect(JSON.stringify(search)).not.toContain(phoneHash);
  });

  it('are decided from the states that allow it, each decision audited', async () => {
    const id = await insertSafetyAlert(t.db, await insertAdvertiser(t.db));
    expect(await decideAlert(t.db, actorOf(staff), id, 'approve', null)).toEqual({ success: true, status: 'approved' });
    await expect(decideAlert(t.db, actorOf(staff), id, 'reject', 'Ya no corresponde.')).rejects.toMatchObject({
      reason: 'safety_alert_already_decided',
    });
    expect(await decideAlert(t.db, actorOf(staff), id, 'withdraw', 'Pedido de rectificación.')).toEqual({
      success: true,
      status: 'withdrawn',
    });
    expect(detailsOf((await auditRows(t.db, 'safety_alert_withdrawn', id))[0])).toEqual({ reason: 'Pedido de rectificación.' });
    expect(await auditRows(t.db, 'safety_alert_approved', id)).toHaveLength(1);
    await expect(decideAlert(t.db, actorOf(staff), 999_999, 'approve', null)).rejects.toMatchObject({ reason: 'safety_alert_missing' });
  });
});
