// Rotating IDENTITY_KEY: documents sealed with the previous key stay readable while both are configured, and
// resealDocuments moves every document and receipt to the new key, once, leaving what neither key opens alone.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskStore } from './object-store/disk-store.ts';
import { readDocument, readingKeys, resealDocuments, sealedObjectKey, storeDocument } from './identity-vault.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-vault-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('rotating the identity key', () => {
  it('reads old documents with both keys, reseals them all with the new one, and runs again harmlessly', async () => {
    const store = diskStore(dir);
    const [oldKey, newKey, strangerKey] = [1, 2, 3].map(() => crypto.randomBytes(32)) as [Buffer, Buffer, Buffer];
    const dni = await storeDocument(store, oldKey, Buffer.from('frente del DNI'));
    const receipt = await storeDocument(store, oldKey, Buffer.from('comprobante'), 'receipts');
    const fresh = await storeDocument(store, newKey, Buffer.from('selfie'));
    const stranger = await storeDocument(store, strangerKey, Buffer.from('de otra instalación'));
    const sealedBefore = fs.readFileSync(path.join(dir, sealedObjectKey(dni)));

    await expect(readDocument(store, newKey, dni)).rejects.toThrow();
    expect((await readDocument(store, readingKeys(newKey, oldKey), dni)).toString()).toBe('frente del DNI');

    expect(await resealDocuments(store, readingKeys(newKey, oldKey))).toEqual({ resealed: 2, current: 1, unreadable: 1 });
    expect((await readDocument(store, newKey, dni)).toString()).toBe('frente del DNI');
    expect((await readDocument(store, newKey, receipt, 'receipts')).toString()).toBe('comprobante');
    expect((await readDocument(store, newKey, fresh)).toString()).toBe('selfie');
    await expect(readDocument(store, oldKey, dni)).rejects.toThrow();
    expect(fs.readFileSync(path.join(dir, sealedObjectKey(dni))).equals(sealedBefore)).toBe(false);
    // Left as it was: readable by its own key still.
    expect((await readDocument(store, strangerKey, stranger)).toString()).toBe('de otra instalación');

    expect(await resealDocuments(store, readingKeys(newKey, oldKey))).toEqual({ resealed: 0, current: 3, unreadable: 1 });
  });
});
