// The preserved package and the advertiser's identity, through HTTP on SQLite and PostgreSQL: staff who may see
// identities (the subscribers permission) download the package with the advertiser's name, email, DNI and birth
// date; staff who handle reports without it get the same package without them, and the package says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanel, type Panel } from '#api/testing/panel.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { insertAd, insertAdvertiser, insertAdministrator } from '#tooling/factories/index.ts';
import type { PreservedPackage } from '#shared/contracts/staff/reports.ts';

const IDENTITY = { fullName: 'Dueña Identificable', email: 'duena.identificable@ejemplo.com', dni: '30999888', birthDate: '1991-03-07' };
let panel: Panel;
let reportId = 0;
let advertiserId = 0;
let both = '';

beforeAll(async () => {
  panel = await startPanel();
  advertiserId = await insertAdvertiser(panel.t.db, IDENTITY);
  const adId = await insertAd(panel.t.db, advertiserId, { title: 'Masajes en Palermo' });
  const res = await panel.call('POST', '/api/reports', undefined, { adId, reason: 'posible_menor', details: 'Parece menor' });
  expect(res.status).toBe(201);
  reportId = ((await res.json()) as { id: number }).id;
  expect((await panel.call('POST', `/api/admin/reports/${reportId}/preserve`, panel.cookies.view_reports)).status).toBe(200);
  await insertAdministrator(panel.t.db, {
    username: 'denuncias_y_suscriptores',
    fullName: 'Socio con ambos permisos',
    passwordHash: await hashPassword('clave-de-socio-2'),
    permissions: ['view_reports', 'view_subscribers'],
  });
  both = await panel.loginAs('denuncias_y_suscriptores', 'clave-de-socio-2');
});
afterAll(() => panel.close());

async function download(cookie: string | undefined) {
  const res = await panel.call('GET', `/api/admin/reports/${reportId}/preserved`, cookie);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, pack: JSON.parse(text) as PreservedPackage };
}

describe('the identity in a preserved package', () => {
  it('is left out for staff with the reports permission only, who cannot list subscribers either', async () => {
    expect((await panel.call('GET', '/api/admin/subscribers', panel.cookies.view_reports)).status).toBe(403);
    const { text, pack } = await download(panel.cookies.view_reports);
    expect(pack.identityWithheld).toBe(true);
    expect(pack.advertiserAtPreservation).toEqual({
      id: advertiserId,
      verificationStatus: 'verified',
      createdAt: expect.any(String),
    });
    expect(pack.snapshotAtReport).not.toHaveProperty('advertiserName');
    expect(pack.snapshotAtReport).toMatchObject({ advertiserId, title: 'Masajes en Palermo' });
    // Nowhere in the file, the ad's row included.
    for (const value of Object.values(IDENTITY)) expect(text).not.toContain(value);
  });

  it('is in the package for staff who may see identities: the super admin and a partner with the subscribers permission', async () => {
    for (const cookie of [panel.cookies.super, both]) {
      const { pack } = await download(cookie);
      expect(pack.identityWithheld).toBe(false);
      expect(pack.advertiserAtPreservation).toMatchObject({ id: advertiserId, ...IDENTITY });
      expect(pack.snapshotAtReport).toMatchObject({ advertiserName: IDENTITY.fullName });
    }
  });

  it('the audit log says whether the download held the identity', async () => {
    const rows = await panel.t
      .db('audit_log')
      .where({ action: 'report_preservation_downloaded', target_id: String(reportId) })
      .orderBy('id');
    const details = rows.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as { identity: boolean });
    expect(details.map((d) => d.identity)).toEqual([false, true, true]);
  });
});
