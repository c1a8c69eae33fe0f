// Identity documents at rest: AES-256-GCM with the key from configuration (IDENTITY_KEY), one random 12-byte IV
// per file, the file's name bound in as additional data (a file renamed onto another record does not decrypt).
// They are sealed before they reach the object store and opened after they leave it: identity/{key}.bin
// (DATA_DIR/identity on disk), never under a public address; nothing here is ever served directly.
// Transfer receipts (payment data, as private) are sealed the same way under receipts/.
import crypto from 'node:crypto';
import { openBytes, openWithAnyKey, sealBytes } from '#shared/sealing.ts';
import type { ObjectStore } from './object-store/object-store.ts';

const FILE_KEY = /^[a-f0-9]{32}$/;

export type SealedFolder = 'identity' | 'receipts';
export const sealedPrefix = (folder: SealedFolder) => `${folder}/`;

export function sealedObjectKey(fileKey: string, folder: SealedFolder = 'identity'): string {
  if (!FILE_KEY.test(fileKey)) throw new Error('not an identity file key');
  return `${sealedPrefix(folder)}${fileKey}.bin`;
}

/** Seals a document, its file key bound in (shared/sealing.ts). */
export const encryptDocument = (plain: Buffer, key: Buffer, fileKey: string): Buffer => sealBytes(plain, key, fileKey);

/** Throws when the key is wrong or the file was altered. */
export const decryptDocument = (sealed: Buffer, key: Buffer, fileKey: string): Buffer => openBytes(sealed, key, fileKey);

/** Encrypts and stores a document; returns its random file key. */
export async function storeDocument(store: ObjectStore, key: Buffer, plain: Buffer, folder: SealedFolder = 'identity'): Promise<string> {
  const fileKey = crypto.randomBytes(16).toString('hex');
  await store.put(sealedObjectKey(fileKey, folder), encryptDocument(plain, key, fileKey), { contentType: 'application/octet-stream' });
  return fileKey;
}

/**
 * The keys a document may be sealed with, the one it is sealed with now first: IDENTITY_KEY, and while a rotation
 * is under way IDENTITY_KEY_PREVIOUS (docs/operations.md, "Rotating IDENTITY_KEY").
 */
export const readingKeys = (current: Buffer, previous?: Buffer): Buffer[] => (previous ? [current, previous] : [current]);

/** Opens a sealed document with the first of `keys` that opens it; throws when none does or it was altered. */
const openWithAny = (sealed: Buffer, keys: Buffer | readonly Buffer[], fileKey: string) =>
  openWithAnyKey(sealed, Buffer.isBuffer(keys) ? [keys] : keys, fileKey);

/** Throws when the document is missing, no key opens it or the file was altered. */
export async function readDocument(
  store: ObjectStore,
  keys: Buffer | readonly Buffer[],
  fileKey: string,
  folder: SealedFolder = 'identity',
): Promise<Buffer> {
  const sealed = await store.get(sealedObjectKey(fileKey, folder));
  if (!sealed) throw new Error('stored document missing');
  return openWithAny(sealed.bytes, keys, fileKey).plain;
}

export interface ResealResult {
  /** Sealed again with the current key. */
  resealed: number;
  /** Already sealed with it. */
  current: number;
  /** Opened by none of the keys (left as they are). */
  unreadable: number;
}

/**
 * Seals every stored document and receipt with keys[0] that another of `keys` opens (the rotation of IDENTITY_KEY).
 * Each object is rewritten whole under its own name, so a run cut short is simply run again.
 */
export async function resealDocuments(store: ObjectStore, keys: readonly Buffer[]): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, current: 0, unreadable: 0 };
  for (const folder of ['identity', 'receipts'] as const) {
    for (const { key } of await store.list(sealedPrefix(folder))) {
      const fileKey = /^[a-z]+\/([a-f0-9]{32})\.bin$/.exec(key)?.[1];
      const sealed = fileKey ? await store.get(key) : null;
      if (!fileKey || !sealed) continue;
      let opened: { plain: Buffer; keyIndex: number };
      try {
        opened = openWithAny(sealed.bytes, keys, fileKey);
      } catch {
        result.unreadable += 1;
        continue;
      }
      if (opened.keyIndex === 0) {
        result.current += 1;
        continue;
      }
      await store.put(key, encryptDocument(opened.plain, keys[0]!, fileKey), { contentType: 'application/octet-stream' });
      result.resealed += 1;
    }
  }
  return result;
}

export async function deleteDocument(store: ObjectStore, fileKey: string, folder: SealedFolder = 'identity'): Promise<void> {
  await store.delete(sealedObjectKey(fileKey, folder));
}

/** IDENTITY_KEY: 32 bytes as 64 hex characters or base64. */
export function parseIdentityKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[a-f0-9]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}
