// Reports through HTTP on SQLite and PostgreSQL: a possible minor or trafficking hides the ad at once, other
// reasons do not; staff dismiss (the ad comes back) or resolve (it stays hidden); bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { findPublicAd } from '#db/queries/ad-page.ts';
import { decideReport } from '#db/queries/reports.ts';
import { adIdFromReference } from '#shared/ad-text.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';

let t: TestDb;
let server: TestApp;
let adminId = 0;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t);
  await ensureSuperAdmin(t.db, 'clave-super-segura-1');
  adminId = (await t.db('admin_users').first('id')).id;
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

const report = async (body: unknown, headers: Record<string, string> = sameOriginJson) => {
  const res = await fetch(`${server.url}/api/reports`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

describe('reporting an ad', () => {
  it('a possible minor hides the ad at once; dismissing the report brings it back', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const adId = await insertAd(t.db, advertiser, { title: 'Aviso denunciado' });
    const answer = await report({ adId, reason: 'posible_menor', details: 'Parece muy joven en las fotos.' });
    expect(answer).toMatchObject({ status: 201, body: { hidden: true } });
    expect((await t.db('ads').where('id', adId).first()).state).toBe('held');
    expect(await findPublicAd(t.db, adId)).toBeNull();

    // A second report while hidden keeps it hidden even when the first is dismissed.
    const second = (await report({ adId, reason: 'posible_trata' })).body.id;
    expect(await decideReport(t.db, answer.body.id, 'dismissed', adminId)).toBe('ok');
    expect((await t.db('ads').where('id', adId).first()).state).toBe('held');
    expect(await decideReport(t.db, second, 'dismissed', adminId)).toEqual({ releasedAdId: adId });
    expect((await t.db('ads').where('id', adId).first()).state).toBe('published');
    expect(await findPublicAd(t.db, adId)).not.toBeNull();
    expect(await decideReport(t.db, second, 'resolved', adminId)).toBe('decided');
  });

  it('other reasons leave the ad visible; a report can name the ad by its code or link, or by nothing at all', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const adId = await insertAd(t.db, advertiser, { title: 'Aviso con fotos dudosas' });
    const byLink = await report({
      adReference: `https://velada.example/anuncio/aviso-con-fotos-dudosas-${adId}`,
      reason: 'fotos_falsas',
      contactEmail: 'testigo@ejemplo.com',
    });
    expect(byLink).toMatchObject({ status: 201, body: { hidden: false } });
    expect(await t.db('reports').where('id', byLink.body.id).first()).toMatchObject({
      ad_id: adId,
      reason: 'fotos_falsas',
      contact_email: 'testigo@ejemplo.com',
    });
    expect((await t.db('ads').where('id', adId).first()).state).toBe('published');
    const scam = await report({
      adReference: 'un perfil de otra página',
      reason: 'estafa',
      details: 'Me pidieron una seña por transferencia.',
    });
    expect(await t.db('reports').where('id', scam.body.id).first()).toMatchObject({
      ad_id: null,
      ad_reference: 'un perfil de otra página',
    });
    expect(adIdFromReference(' 1234 ')).toBe(1234);
    expect(adIdFromReference('/anuncio/titulo-77?x=1')).toBe(77);
    expect(adIdFromReference('hola')).toBeNull();
  });

  it('refuses a missing reason, a bad email and a cross-site post, storing nothing', async () => {
    const before = Number((await t.db('reports').count({ n: '*' }).first())?.n);
    expect((await report({ adReference: '12' })).body.error).toMatchObject({ field: 'reason', detail: 'Elegí el motivo de la denuncia.' });
    expect((await report({ reason: 'estafa', contactEmail: 'no-es-email' })).body.error).toMatchObject({ field: 'contactEmail' });
    expect((await report({ reason: 'estafa' }, { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(Number((await t.db('reports').count({ n: '*' }).first())?.n)).toBe(before);
  });
});

describe('the contact form', () => {
  it('stores a message for staff, and refuses a bad email or an empty message', async () => {
    const send = async (body: unknown) => {
      const res = await fetch(`${server.url}/api/contact`, { method: 'POST', headers: sameOriginJson, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    const ok = await send({ name: 'Paula', email: 'paula@ejemplo.com', topic: 'datos', message: 'Quiero saber qué datos míos guardan.' });
    expect(ok.status).toBe(201);
    expect(await t.db('contact_messages').where('id', ok.body.id).first()).toMatchObject({
      email: 'paula@ejemplo.com',
      topic: 'datos',
      status: 'open',
    });
    expect((await send({ email: 'no-es-email', topic: 'otro', message: 'Un mensaje suficientemente largo.' })).body.error).toMatchObject({
      field: 'email',
    });
    expect((await send({ email: 'a@ejemplo.com', topic: 'otro', message: 'corto' })).body.error).toMatchObject({
      field: 'message',
      detail: 'Contanos un poco más: el mensaje necesita al menos 10 caracteres.',
    });
  });
});
