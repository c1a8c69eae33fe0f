// Reports and evidence (decision 044), through HTTP on SQLite and PostgreSQL: a source whose hiding reports staff
// dismissed losing the power to hide; a preserved report, ad and photos surviving account deletion, dismissal and the
// orphan-file job until released; the audit entries.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sameOriginJson } from '#api/testing/http.ts';
import { insertedId } from '#db/dialect.ts';
import { DISMISSALS_TO_LOSE_HIDING } from '#db/queries/reports.ts';
import type { StaffAlertItem } from '#shared/contracts/staff/overview.ts';
import type { PreservedPackage } from '#shared/contracts/staff/reports.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { removeOrphanFiles } from '#api/services/orphan-files.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import {
  t,
  server,
  adminCookie,
  newReporter,
  report,
  owner,
  asOwner,
  asStaff,
  openReports,
  fileExists,
  auditOf,
  useReportsApp,
} from './testing.ts';

useReportsApp();

describe('a source whose hiding reports staff dismissed', () => {
  it(`loses the power to hide after ${DISMISSALS_TO_LOSE_HIDING} dismissals: its reports still reach staff, marked, with the ad visible`, async () => {
    const source = newReporter();
    for (let i = 0; i < DISMISSALS_TO_LOSE_HIDING; i++) {
      const made = await report((await owner()).adId, 'posible_menor', source);
      expect(made.hidden).toBe(true);
      expect((await asStaff('POST', `/reports/${made.id}/dismiss`)).status).toBe(200);
    }
    const target = await owner();
    const next = await report(target.adId, 'posible_menor', source);
    expect(next.hidden).toBe(false);
    expect((await t.db('ads').where('id', target.adId).first('state')).state).toBe('published');
    expect((await openReports()).find((r) => r.id === next.id)).toMatchObject({ holdWithheld: 'dismissed_source' });
    const alerts = (await (await asStaff('GET', '/alerts')).json()) as StaffAlertItem[];
    const about = alerts.find((a) => a.kind === 'hiding_report' && a.message.includes(`(código ${target.adId})`));
    expect(about!.message).toContain('sigue visible');
    // Another source still hides it.
    expect((await report(target.adId, 'posible_menor')).hidden).toBe(true);
  });

  it('keeps it while only one hiding report was dismissed, or the dismissals were of reasons that do not hide', async () => {
    const source = newReporter();
    const first = await report((await owner()).adId, 'posible_trata', source);
    expect((await asStaff('POST', `/reports/${first.id}/dismiss`)).status).toBe(200);
    for (let i = 0; i < DISMISSALS_TO_LOSE_HIDING; i++) {
      const scam = await report((await owner()).adId, 'estafa', source);
      expect((await asStaff('POST', `/reports/${scam.id}/dismiss`)).status).toBe(200);
    }
    expect((await report((await owner()).adId, 'posible_menor', source)).hidden).toBe(true);
  });
});

describe('preserving a report for the authorities', () => {
  it('keeps the report, a copy of the ad and its photos through account deletion, dismissal and the orphan-file job, until released', async () => {
    const { id: advertiserId, adId, keys, cookie } = await owner();
    const email = (await t.db('advertisers').where('id', advertiserId).first('email')).email as string;
    const made = await report(adId, 'posible_menor');
    const answer = 'Tengo 29 años y puedo acreditarlo con mi documento.';
    expect((await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer })).status).toBe(201);

    expect((await asStaff('POST', `/reports/${made.id}/preserve`)).status).toBe(200);
    expect((await asStaff('POST', `/reports/${made.id}/preserve`)).status).toBe(409);
    expect(await auditOf('report_preserved', made.id)).toHaveLength(1);
    expect((await openReports()).find((r) => r.id === made.id)!.preservedAt).not.toBeNull();

    // The advertiser deletes the account: the ad row goes, its copy, the photos and the report stay.
    const deleted = await asOwner(cookie, 'POST', '/delete-account', { password: 'clave-dueña-1' });
    expect(deleted.status).toBe(204);
    expect(await t.db('ads').where('id', adId).first()).toBeUndefined();
    for (const key of keys) expect(fileExists(key)).toBe(true);
    // Staff dismiss the report; the orphan-file job runs over files of any age.
    expect((await asStaff('POST', `/reports/${made.id}/dismiss`)).status).toBe(200);
    await removeOrphanFiles(t.db, diskStore(t.dataDir), new Date(), 0);
    for (const key of keys) expect(fileExists(key)).toBe(true);

    const download = await asStaff('GET', `/reports/${made.id}/preserved`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`velada-denuncia-${made.id}-preservada.json`);
    const pack = (await download.json()) as PreservedPackage;
    expect(pack.report).toMatchObject({ id: made.id, reason: 'posible_menor', details: 'Lo que vio quien denuncia', status: 'dismissed' });
    expect(pack.adAtPreservation).toMatchObject({ id: adId, title: 'Masajes relajantes en Belgrano' });
    expect(pack.advertiserAtPreservation).toMatchObject({ id: advertiserId, email, dni: '30123456', birthDate: '1990-04-02' });
    expect(pack.photosAtPreservation).toEqual(keys.map((k) => `/media/ads/${k}-800.webp`));
    expect(pack.photosAtReport).toHaveLength(2);
    expect(pack.answers.map((a) => a.body)).toEqual([answer]);
    expect(pack.preservedBy).toBeTruthy();
    expect(await auditOf('report_preservation_downloaded', made.id)).toHaveLength(1);
    // Staff can open the preserved photos; nobody else can.
    const photo = `${server.url}${pack.photosAtPreservation[0]}`;
    expect((await fetch(photo, { headers: { Cookie: `${staffSessions.cookie}=${adminCookie}` } })).status).toBe(200);
    expect((await fetch(photo)).status).toBe(404);

    // Released: the ordinary rules again (a dismissed report keeps nothing), and the orphan-file job removes them.
    expect((await asStaff('POST', `/reports/${made.id}/release`)).status).toBe(200);
    expect((await asStaff('POST', `/reports/${made.id}/release`)).status).toBe(409);
    expect(await auditOf('report_preservation_released', made.id)).toHaveLength(1);
    expect((await asStaff('GET', `/reports/${made.id}/preserved`)).status).toBe(404);
    const row = await t.db('reports').where('id', made.id).first('preserved_at', 'preserved_copy');
    expect(row).toEqual({ preserved_at: null, preserved_copy: null });
    // The answers of the deleted account go with the preservation.
    expect(await t.db('report_answers').where('report_id', made.id)).toEqual([]);
    await removeOrphanFiles(t.db, diskStore(t.dataDir), new Date(), 0);
    for (const key of keys) expect(fileExists(key)).toBe(false);
  });

  it('without a preservation, a deleted account keeps the evidence of an open report only, and its answers go', async () => {
    const { adId, keys, cookie } = await owner();
    const made = await report(adId, 'posible_trata');
    expect(
      (await asOwner(cookie, 'POST', `/ads/${adId}/answers`, { answer: 'El anuncio lo publico yo, por decisión propia.' })).status,
    ).toBe(201);
    expect((await asOwner(cookie, 'POST', '/delete-account', { password: 'clave-dueña-1' })).status).toBe(204);
    expect(await t.db('report_answers').where('report_id', made.id)).toEqual([]);
    await removeOrphanFiles(t.db, diskStore(t.dataDir), new Date(), 0);
    for (const key of keys) expect(fileExists(key)).toBe(true);
    expect((await asStaff('POST', `/reports/${made.id}/dismiss`)).status).toBe(200);
    await removeOrphanFiles(t.db, diskStore(t.dataDir), new Date(), 0);
    for (const key of keys) expect(fileExists(key)).toBe(false);
  });

  it('an unknown report cannot be preserved, and a partner without the reports permission cannot preserve', async () => {
    expect((await asStaff('POST', '/reports/999999/preserve')).status).toBe(404);
    expect((await asStaff('POST', '/reports/999999/release')).status).toBe(404);
    const made = await report((await owner()).adId, 'posible_menor');
    const [row] = await t
      .db('admin_users')
      .insert({
        username: `socio-${crypto.randomUUID().slice(0, 8)}`,
        full_name: 'Socio Pagos',
        password_hash: await hashPassword('clave-socio-segura-1'),
        is_master: false,
        permissions: JSON.stringify(['view_payments']),
        created_at: new Date(),
      })
      .returning('id');
    const partner = await staffSessions.create(t.db, insertedId(row));
    const refused = await fetch(`${server.url}/api/admin/reports/${made.id}/preserve`, {
      method: 'POST',
      headers: { ...sameOriginJson, Cookie: `${staffSessions.cookie}=${partner}` },
    });
    expect(refused.status).toBe(403);
    expect((await t.db('reports').where('id', made.id).first('preserved_at')).preserved_at).toBeNull();
  });
});
