import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser, insertAdPhoto } from '#tooling/factories/index.ts';
import { insertedId } from '#db/dialect.ts';
import { testPng } from '#api/testing/images.ts';
import { AD_IMAGES_PREFIX, storeAdImage } from './image-store.ts';
import { sealedPrefix, storeDocument } from './identity-vault.ts';
import { diskStore } from './object-store/disk-store.ts';
import { removeOrphanFiles } from './orphan-files.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const HOUR = 60 * 60 * 1000;
const KEY = Buffer.alloc(32, 3);

/** Every file of a folder whose name starts with the key. */
const filesOf = (dir: string, key: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith(key)) : []);

/** Makes a stored file look written `ms` ago. */
function age(dir: string, key: string, ms: number) {
  const when = new Date(Date.now() - ms);
  for (const name of filesOf(dir, key)) fs.utimesSync(path.join(dir, name), when, when);
}

describe('removeOrphanFiles', () => {
  it('removes the files older than an hour that no row names, and keeps photos, evidence, documents, receipts and new files', async () => {
    const store = diskStore(t.dataDir);
    const photos = path.join(t.dataDir, AD_IMAGES_PREFIX);
    const documents = path.join(t.dataDir, sealedPrefix('identity'));
    const receipts = path.join(t.dataDir, sealedPrefix('receipts'));
    const png = await testPng();
    const photo = async () => (await storeAdImage(store, png)).key;

    const advertiser = await insertAdvertiser(t.db);
    const adId = await insertAd(t.db, advertiser);
    const adPhoto = await photo();
    await insertAdPhoto(t.db, adId, { fileKey: adPhoto });
    const orphanPhoto = await photo();
    const freshOrphan = await photo();
    // Evidence of reports whose ad is gone: kept while the report is open or upheld, not once it is dismissed.
    const evidence: Record<string, string> = {};
    for (const status of ['open', 'resolved', 'dismissed']) {
      const [row] = await t
        .db('reports')
        .insert({ ad_id: null, reason: 'posible_menor', status, hid_ad: false, created_at: new Date() })
        .returning('id');
      evidence[status] = await photo();
      await t.db('report_evidence').insert({ report_id: insertedId(row), file_key: evidence[status] });
    }
    const [request] = await t
      .db('verification_requests')
      .insert({
        advertiser_id: advertiser,
        method: 'manual',
        full_name: 'Prueba Huérfanos',
        birth_date: '1990-01-01',
        status: 'pending',
        submitted_at: new Date(),
      })
      .returning('id');
    const document = await storeDocument(store, KEY, Buffer.from('documento'));
    await t
      .db('identity_documents')
      .insert({ request_id: insertedId(request), kind: 'selfie', file_key: document, bytes: 9, created_at: new Date() });
    const orphanDocument = await storeDocument(store, KEY, Buffer.from('huérfano'));
    const receipt = await storeDocument(store, KEY, Buffer.from('comprobante'), 'receipts');
    await t.db('payments').insert({
      advertiser_id: advertiser,
      ad_id: adId,
      amount: 1,
      payment_method: 'transfer',
      status: 'pending',
      reference: 'VEL-HUERFANO',
      receipt_key: receipt,
      created_at: new Date(),
    });
    const orphanReceipt = await storeDocument(store, KEY, Buffer.from('otro'), 'receipts');
    fs.writeFileSync(path.join(photos, 'LEEME.txt'), 'not a name the store writes');

    for (const key of [adPhoto, orphanPhoto, ...Object.values(evidence)]) age(photos, key, 2 * HOUR);
    for (const key of [document, orphanDocument]) age(documents, key, 2 * HOUR);
    for (const key of [receipt, orphanReceipt]) age(receipts, key, 2 * HOUR);
    age(photos, freshOrphan, 30 * 60 * 1000);

    expect(await removeOrphanFiles(t.db, store)).toEqual({ 'ad-images': 2, identity: 1, receipts: 1 });
    for (const key of [orphanPhoto, evidence.dismissed!]) expect(filesOf(photos, key)).toEqual([]);
    for (const key of [adPhoto, freshOrphan, evidence.open!, evidence.resolved!]) expect(filesOf(photos, key)).toHaveLength(2);
    expect(filesOf(documents, orphanDocument)).toEqual([]);
    expect(filesOf(documents, document)).toHaveLength(1);
    expect(filesOf(receipts, orphanReceipt)).toEqual([]);
    expect(filesOf(receipts, receipt)).toHaveLength(1);
    expect(fs.existsSync(path.join(photos, 'LEEME.txt'))).toBe(true);

    // Nothing left to do: a second run removes nothing.
    expect(await removeOrphanFiles(t.db, store)).toEqual({ 'ad-images': 0, identity: 0, receipts: 0 });
  });

  it('finds nothing to do where no file was ever stored', async () => {
    const empty = await createTestDb();
    try {
      expect(await removeOrphanFiles(empty.db, diskStore(empty.dataDir))).toEqual({ 'ad-images': 0, identity: 0, receipts: 0 });
    } finally {
      await empty.destroy();
    }
  });
});
