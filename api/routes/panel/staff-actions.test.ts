// A staff action and its audit row commit together: when the audit row cannot be written, the action is undone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { ensureSuperAdmin, SUPER_ADMIN_USERNAME } from '#api/services/super-admin.ts';
import { administratorIdByUsername } from '#db/queries/admin/administrators.ts';
import { staffSessions } from '#core/sessions/sessions.ts';

let t: TestDb;
let server: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t);
  await ensureSuperAdmin(t.db, 'una-clave-de-prueba-larga');
  cookie = `${staffSessions.cookie}=${await staffSessions.create(t.db, (await administratorIdByUsername(t.db, SUPER_ADMIN_USERNAME))!)}`;
});
afterAll(async () => {
  await server?.close();
  await t?.destroy();
});

const approve = (adId: number) =>
  fetch(`${server.url}/api/admin/ads/${adId}/approve`, { method: 'POST', headers: { ...sameOriginJson, cookie }, body: '{}' });

describe('staff actions', () => {
  it('write the action and its audit row together', async () => {
    const adId = await insertAd(t.db, await insertAdvertiser(t.db, { verificationStatus: 'verified' }), { state: 'pending' });
    expect((await approve(adId)).status).toBe(200);
    expect(await t.db('ads').where('id', adId).first('state')).toMatchObject({ state: 'published' });
    expect(await t.db('audit_log').where({ action: 'ad_approved', target_id: String(adId) })).toHaveLength(1);
  });

  it('undo the action when its audit row cannot be written', async () => {
    const adId = await insertAd(t.db, await insertAdvertiser(t.db, { verificationStatus: 'verified' }), { state: 'pending' });
    // The audit log made unwritable: the approval must not stand without its record.
    await t.db.schema.renameTable('audit_log', 'audit_log_away');
    try {
      expect((await approve(adId)).status).toBe(500);
    } finally {
      await t.db.schema.renameTable('audit_log_away', 'audit_log');
    }
    expect(await t.db('ads').where('id', adId).first('state')).toMatchObject({ state: 'pending' });
  });
});
