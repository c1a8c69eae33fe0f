// Suscriptores and identity verification on a real database: what staff see of advertisers and of a pending
// request, the decision with its audit row, and a document view (read, then recorded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdministrator, insertAdvertiser, insertVerificationRequest } from '#tooling/factories/index.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import { actorOf, auditRows, detailsOf, fakeFiles } from '../testing.ts';
import { subscribers } from './subscribers.ts';
import { decideVerification, verificationRequestOf, viewIdentityDocument } from './identity.ts';

let t: TestDb;
let staff: Admin;

beforeAll(async () => {
  t = await createTestDb();
  staff = await insertAdministrator(t.db, { permissions: ['view_subscribers', 'manage_verifications'] });
});
afterAll(() => t?.destroy());

describe('subscribers', () => {
  it('lists advertisers with the fields of the section, the DNI masked, pending ones first', async () => {
    const pending = await insertAdvertiser(t.db, { fullName: 'Eva Pendiente', dni: '30123456', verificationStatus: 'pending' });
    const list = await subscribers(t.db);
    expect(list[0]).toEqual({
      id: pending,
      fullName: 'Eva Pendiente',
      email: expect.any(String),
      dni: '•••••456',
      category: null,
      verificationStatus: 'pending',
      subscriptionStatus: 'inactive',
      subscriptionPlan: '',
    });
  });
});

describe('a pending verification', () => {
  it('is shown with what was declared and its documents in order, and nothing of the request row beyond that', async () => {
    const id = await insertAdvertiser(t.db, { verificationStatus: 'pending' });
    const { documents } = await insertVerificationRequest(t.db, id, { dni: '33444555', documents: ['selfie', 'dni_back', 'dni_front'] });
    const { request } = await verificationRequestOf(t.db, id);
    expect(request).toEqual({
      method: 'manual',
      fullName: 'Persona Verificada Real',
      birthDate: '1990-04-02',
      dni: '33444555',
      tramite: null,
      gender: null,
      documents: ['dni_front', 'dni_back', 'selfie'].map((kind) => ({ id: documents.find((d) => d.kind === kind)!.id, kind })),
    });
    // The documents' stored keys never leave: staff open the images by document id.
    for (const doc of documents) expect(JSON.stringify(request)).not.toContain(doc.fileKey);
  });

  it('is null for an advertiser with nothing pending, and refused for one that does not exist', async () => {
    expect(await verificationRequestOf(t.db, await insertAdvertiser(t.db))).toEqual({ request: null });
    await expect(verificationRequestOf(t.db, 999_999)).rejects.toMatchObject({ reason: 'subscriber_missing' });
  });

  it('is decided once, with its audit row; a second decision is refused and writes nothing', async () => {
    const id = await insertAdvertiser(t.db, { verificationStatus: 'pending' });
    await insertVerificationRequest(t.db, id);
    await decideVerification(t.db, actorOf(staff), id, { decision: 'rejected', reason: 'La foto no se lee.' });
    expect((await t.db('advertisers').where('id', id).first()).verification_status).toBe('rejected');
    const rows = await auditRows(t.db, 'subscriber_rejected', id);
    expect(rows).toHaveLength(1);
    expect(detailsOf(rows[0])).toEqual({ reason: 'La foto no se lee.' });
    await expect(decideVerification(t.db, actorOf(staff), id, { decision: 'verified' })).rejects.toMatchObject({
      reason: 'verification_not_pending',
    });
    expect(await auditRows(t.db, 'subscriber_verified', id)).toHaveLength(0);
  });
});

describe('viewIdentityDocument', () => {
  it('reads the document and records the view; an unknown one is refused before anything is read', async () => {
    const id = await insertAdvertiser(t.db, { verificationStatus: 'pending' });
    const { requestId, documents } = await insertVerificationRequest(t.db, id, { documents: ['dni_front'] });
    const files = fakeFiles();
    const image = await viewIdentityDocument({ db: t.db, files }, actorOf(staff), documents[0]!.id);
    expect(image.toString()).toBe(`bytes of ${documents[0]!.fileKey}`);
    const [row] = await auditRows(t.db, 'identity_document_viewed', documents[0]!.id);
    expect(detailsOf(row)).toEqual({ kind: 'dni_front', requestId });
    await expect(viewIdentityDocument({ db: t.db, files }, actorOf(staff), 999_999)).rejects.toMatchObject({ reason: 'document_missing' });
    expect(files.reads).toHaveLength(1);
  });

  it('records no view when the file cannot be read', async () => {
    const id = await insertAdvertiser(t.db, { verificationStatus: 'pending' });
    const { documents } = await insertVerificationRequest(t.db, id, { documents: ['selfie'] });
    const unreadable = { read: () => Promise.reject(new Error('no key')) };
    await expect(viewIdentityDocument({ db: t.db, files: unreadable }, actorOf(staff), documents[0]!.id)).rejects.toThrow('no key');
    expect(await auditRows(t.db, 'identity_document_viewed', documents[0]!.id)).toHaveLength(0);
  });
});
