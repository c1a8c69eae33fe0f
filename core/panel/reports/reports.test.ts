// Denuncias and Mensajes on a real database: the list as staff read it, the decisions with their audit rows, and the
// package preserved for the authorities, whose advertiser identity only staff who may read identities get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReport } from '#db/queries/reports.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdministrator, insertAdvertiser, insertContactMessage, insertReport } from '#tooling/factories/index.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { actorOf, auditRows, detailsOf } from '../testing.ts';
import { decideReport, reportsFor } from './reports.ts';
import { downloadPreservedPackage, preserveReport, releaseReport } from './preservation.ts';
import { contactMessages, markMessageAnswered } from './messages.ts';

let t: TestDb;
let reportsOnly: Admin;
let withIdentities: Admin;

beforeAll(async () => {
  t = await createTestDb();
  reportsOnly = await insertAdministrator(t.db, { permissions: ['view_reports'] });
  withIdentities = await insertAdministrator(t.db, { permissions: ['view_reports', 'view_subscribers'] });
});
afterAll(() => t?.destroy());

async function reportedAd() {
  const advertiserId = await insertAdvertiser(t.db, {
    fullName: 'Nora Denunciada',
    dni: '27123456',
    email: `nora${Date.now()}@example.com`,
  });
  const adId = await insertAd(t.db, advertiserId, { title: 'Aviso denunciado' });
  const { id } = await createReport(t.db, {
    adId,
    adReference: null,
    reason: 'estafa',
    details: 'Pide seña por adelantado.',
    contactEmail: 'testigo@example.com',
    reporterKey: 'clave-del-denunciante',
  });
  return { id, adId, advertiserId };
}

describe('reportsFor', () => {
  it('shows the report with the ad as reported, and never who reported it', async () => {
    const { id, adId, advertiserId } = await reportedAd();
    const item = (await reportsFor(t.db, 'open')).find((r) => r.id === id)!;
    expect(item).toMatchObject({
      adId,
      adTitle: 'Aviso denunciado',
      reason: 'estafa',
      contactEmail: 'testigo@example.com',
      snapshot: { adId, title: 'Aviso denunciado', advertiserId, advertiserName: 'Nora Denunciada', photos: [] },
      overdue: false,
      answers: [],
    });
    expect(Object.keys(item.snapshot!).sort()).toEqual(['adId', 'advertiserId', 'advertiserName', 'photos', 'title']);
    expect(JSON.stringify(item)).not.toContain('clave-del-denunciante');
  });

  it('decides a report once, with its audit row; a dismissal that brings no ad back tells nobody', async () => {
    const released: number[] = [];
    const deps = { db: t.db, notices: { adReleased: async (adId: number) => void released.push(adId) } };
    const id = await insertReport(t.db);
    await decideReport(deps, actorOf(reportsOnly), id, 'dismissed');
    expect(await auditRows(t.db, 'report_dismissed', id)).toHaveLength(1);
    await expect(decideReport(deps, actorOf(reportsOnly), id, 'resolved')).rejects.toMatchObject({ reason: 'report_already_decided' });
    await expect(decideReport(deps, actorOf(reportsOnly), 999_999, 'resolved')).rejects.toMatchObject({ reason: 'report_missing' });
    expect(released).toEqual([]);
  });
});

describe('the preserved package', () => {
  it("leaves the advertiser's identity out for staff who may not read identities, and records each download", async () => {
    const { id, advertiserId } = await reportedAd();
    await preserveReport(t.db, actorOf(reportsOnly), id);
    await expect(preserveReport(t.db, actorOf(reportsOnly), id)).rejects.toMatchObject({ reason: 'report_already_preserved' });

    const withheld = await downloadPreservedPackage(t.db, actorOf(reportsOnly), id);
    expect(withheld.identityWithheld).toBe(true);
    expect(withheld.advertiserAtPreservation).toEqual({ id: advertiserId, verificationStatus: 'verified', createdAt: expect.any(String) });
    expect(withheld.snapshotAtReport).not.toHaveProperty('advertiserName');
    const text = JSON.stringify(withheld);
    for (const identity of ['27123456', 'Nora Denunciada', 'nora']) expect(text).not.toContain(identity);

    const full = await downloadPreservedPackage(t.db, actorOf(withIdentities), id);
    expect(full.advertiserAtPreservation).toMatchObject({ id: advertiserId, fullName: 'Nora Denunciada', dni: '27123456' });
    expect(full.snapshotAtReport).toMatchObject({ advertiserName: 'Nora Denunciada' });
    expect(full.preservedBy).toBe(reportsOnly.username);

    const downloads = await auditRows(t.db, 'report_preservation_downloaded', id);
    expect(downloads.map(detailsOf)).toEqual([{ identity: false }, { identity: true }]);
  });

  it('is released once; a report not preserved has no package', async () => {
    const { id } = await reportedAd();
    await preserveReport(t.db, actorOf(reportsOnly), id);
    await releaseReport(t.db, actorOf(reportsOnly), id);
    await expect(releaseReport(t.db, actorOf(reportsOnly), id)).rejects.toMatchObject({ reason: 'report_not_preserved' });
    await expect(downloadPreservedPackage(t.db, actorOf(reportsOnly), id)).rejects.toMatchObject({ reason: 'preserved_report_missing' });
    // A refused download leaves no audit row: the row and the package stand or fall together.
    expect(await auditRows(t.db, 'report_preservation_downloaded', id)).toHaveLength(0);
  });
});

describe('contact messages', () => {
  it('are listed by status and marked answered once', async () => {
    const id = await insertContactMessage(t.db, { message: 'Hola, una consulta.' });
    expect((await contactMessages(t.db, 'open')).find((m) => m.id === id)).toEqual({
      id,
      name: 'Visitante',
      email: expect.any(String),
      topic: 'consulta',
      message: 'Hola, una consulta.',
      status: 'open',
      createdAt: expect.any(String),
    });
    await markMessageAnswered(t.db, actorOf(reportsOnly), id);
    expect((await contactMessages(t.db, 'answered')).map((m) => m.id)).toContain(id);
    await expect(markMessageAnswered(t.db, actorOf(reportsOnly), id)).rejects.toMatchObject({ reason: 'message_already_answered' });
  });
});
