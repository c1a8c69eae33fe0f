// Identity documents at rest: AES-256-GCM with the key from configuration (IDENTITY_KEY), one random 12-byte IV
// per file, the file's name bound in as additional data (a file renamed onto another record does not decrypt).
// Files live in DATA_DIR/identity/{key}.bin, outside any public path; nothing here is ever served directly.
// Transfer receipts (payment data, as private) are sealed the same way in DATA_DIR/receipts.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const MAGIC = Buffer.from('VID1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FILE_KEY = /^[a-f0-9]{32}$/;

export type SealedFolder = 'identity' | 'receipts';
export const identityDir = (dataDir: string, folder: SealedFolder = 'identity') => path.join(dataDir, folder);

function fileOf(dataDir: string, fileKey: string, folder: SealedFolder): string {
  if (!FILE_KEY.test(fileKey)) throw new Error('not an identity file key');
  return path.join(identityDir(dataDir, folder), `${fileKey}.bin`);
}

export function encryptDocument(plain: Buffer, key: Buffer, fileKey: string): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(fileKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, body, cipher.getAuthTag()]);
}

/** Throws when the key is wrong or the file was altered. */
export function decryptDocument(sealed: Buffer, key: Buffer, fileKey: string): Buffer {
  if (sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error('not an identity file');
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(fileKey));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** Encrypts and writes a document; returns its random file key. */
export async function storeDocument(dataDir: string, key: Buffer, plain: Buffer, folder: SealedFolder = 'identity'): Promise<string> {
  const fileKey = crypto.randomBytes(16).toString('hex');
  await fs.mkdir(identityDir(dataDir, folder), { recursive: true, mode: 0o700 });
  await fs.writeFile(fileOf(dataDir, fileKey, folder), encryptDocument(plain, key, fileKey), { mode: 0o600, flag: 'wx' });
  return fileKey;
}

export async function readDocument(dataDir: string, key: Buffer, fileKey: string, folder: SealedFolder = 'identity'): Promise<Buffer> {
  return decryptDocument(await fs.readFile(fileOf(dataDir, fileKey, folder)), key, fileKey);
}

export async function deleteDocument(dataDir: string, fileKey: string, folder: SealedFolder = 'identity'): Promise<void> {
  await fs.rm(fileOf(dataDir, fileKey, folder), { force: true });
}

/** IDENTITY_KEY: 32 bytes as 64 hex characters or base64. */
export function parseIdentityKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[a-f0-9]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}
