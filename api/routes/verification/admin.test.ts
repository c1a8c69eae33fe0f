// Verification review in the panel, on SQLite and PostgreSQL: a pending request with its documents (each view
// audited), a rejection only with a reason, approval copying the verified identity, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { storeDocument } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { testJpeg } from '#api/testing/images.ts';
import { errorOf, startPanel, type Panel } from '#api/testing/panel.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

/** A pending advertiser with a request as the publish flow leaves it (core/verification/submit-verification.ts). */
async function pendingRequest(identity: Record<string, unknown> = {}) {
  const { t, insertId } = panel;
  const advertiserId = await insertAdvertiser(t.db, { fullName: 'Nombre de la cuenta', verificationStatus: 'pending' });
  const requestId = await insertId('verification_requests', {
    advertiser_id: advertiserId,
    method: 'manual',
    full_name: 'Dora Pendiente Real',
    birth_date: '1990-04-02',
    status: 'pending',
    submitted_at: new Date(),
    ...identity,
  });
  const documentId = await insertId('identity_documents', {
    request_id: requestId,
    kind: 'selfie',
    file_key: await storeDocument(diskStore(t.dataDir), panel.identityKey, await testJpeg()),
    bytes: 100,
    created_at: new Date(),
  });
  return { advertiserId, documentId };
}

describe('verification review', () => {
  it('decides only pending subscribers: 409 otherwise, 404 for an unknown id', async () => {
    const { call, cookies, t } = panel;
    const verified = await insertAdvertiser(t.db, { verificationStatus: 'verified' });
    const again = await call('POST', `/api/admin/subscribers/${verified}/reject`, cookies.super, { reason: 'Motivo cualquiera' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('Ese suscriptor no tiene una verificación pendiente.');
    expect((await call('POST', '/api/admin/subscribers/999999/verify', cookies.super)).status).toBe(404);
    expect((await call('GET', '/api/admin/subscribers/999999/verification', cookies.super)).status).toBe(404);
  });

  it('shows a pending request with its documents (each view audited), and rejects it only with a reason', async () => {
    const { call, cookies, t } = panel;
    const { advertiserId, documentId } = await pendingRequest();
    const answer = (await (await call('GET', `/api/admin/subscribers/${advertiserId}/verification`, cookies.super)).json()) as {
      request: { fullName: string; birthDate: string; documents: { id: number; kind: string }[] };
    };
    expect(answer.request).toMatchObject({
      fullName: 'Dora Pendiente Real',
      birthDate: '1990-04-02',
      documents: [{ id: documentId, kind: 'selfie' }],
    });
    const image = await call('GET', `/api/admin/identity-documents/${documentId}`, cookies.super);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('no-store');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('jpeg');
    const viewed = await t
      .db('audit_log')
      .where({ action: 'identity_document_viewed', target_id: String(documentId) })
      .first();
    expect(viewed).toMatchObject({ username: 'velada_admin' });
    // Seeing subscribers is not enough to see their documents.
    expect((await call('GET', `/api/admin/identity-documents/${documentId}`, cookies.view_subscribers)).status).toBe(403);
    expect((await call('GET', '/api/admin/identity-documents/999999', cookies.super)).status).toBe(404);

    const noReason = await call('POST', `/api/admin/subscribers/${advertiserId}/reject`, cookies.super, {});
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).field).toBe('reason');
    expect((await t.db('advertisers').where('id', advertiserId).first()).verification_status).toBe('pending');
    const rejected = await call('POST', `/api/admin/subscribers/${advertiserId}/reject`, cookies.super, {
      reason: 'La selfie está borrosa.',
    });
    expect(rejected.status).toBe(200);
    expect(await t.db('verification_requests').where('advertiser_id', advertiserId).first()).toMatchObject({
      status: 'rejected',
      reason: 'La selfie está borrosa.',
    });
    expect((await t.db('advertisers').where('id', advertiserId).first()).verification_status).toBe('rejected');
    const after = await call('GET', `/api/admin/subscribers/${advertiserId}/verification`, cookies.super);
    expect(((await after.json()) as { request: unknown }).request).toBeNull();
  });

  it('approving copies the verified name, birth date and DNI onto the advertiser', async () => {
    const { call, cookies, t } = panel;
    const { advertiserId } = await pendingRequest({
      method: 'renaper',
      full_name: 'Eva María Real',
      birth_date: '1988-12-31',
      dni: '33444555',
      tramite: '00123456789',
      gender: 'F',
    });
    expect((await call('POST', `/api/admin/subscribers/${advertiserId}/verify`, cookies.manage_verifications)).status).toBe(200);
    const advertiser = await t.db('advertisers').where('id', advertiserId).first();
    expect(advertiser).toMatchObject({ verification_status: 'verified', full_name: 'Eva María Real', dni: '33444555' });
    expect(String(advertiser.birth_date).slice(0, 10)).toBe('1988-12-31');
    expect(await t.db('verification_requests').where('advertiser_id', advertiserId).first()).toMatchObject({ status: 'approved' });
    expect(
      await t
        .db('audit_log')
        .where({ action: 'subscriber_verified', target_id: String(advertiserId) })
        .first(),
    ).toBeDefined();
  });
});

describe('the DNI in staff answers', () => {
  it('comes masked in the subscribers list (the one the panel exports) and in full only in the identity check', async () => {
    const { call, cookies, t } = panel;
    const { advertiserId } = await pendingRequest({ dni: '31222678' });
    await t.db('advertisers').where('id', advertiserId).update({ dni: '31222678' });
    for (const cookie of [cookies.super, cookies.view_subscribers]) {
      const res = await call('GET', '/api/admin/subscribers', cookie);
      expect(res.status).toBe(200);
      const text = await res.text();
      const row = (JSON.parse(text) as { id: number; dni: string | null }[]).find((s) => s.id === advertiserId);
      expect(row?.dni).toBe('•••••678');
      expect(text).not.toContain('31222678');
    }
    const check = await call('GET', `/api/admin/subscribers/${advertiserId}/verification`, cookies.manage_verifications);
    expect(((await check.json()) as { request: { dni: string } }).request.dni).toBe('31222678');
  });
});
