// AES-256-GCM sealing with a key from configuration (IDENTITY_KEY): a random 12-byte IV per seal and a context bound
// in as additional data, so a sealed value moved onto another record does not open. Identity documents and receipts
// (api/services/identity-vault.ts) and authenticator-app secrets (core/second-step/) are sealed this way.
import crypto from 'node:crypto';

const MAGIC = Buffer.from('VID1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealBytes(plain: Buffer, key: Buffer, context: string): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, body, cipher.getAuthTag()]);
}

/** Throws when the key or the context is wrong, or the sealed value was altered. */
export function openBytes(sealed: Buffer, key: Buffer, context: string): Buffer {
  if (sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error('not a sealed value');
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** Opens with the first of `keys` that opens it (the current key, then one being rotated out); throws when none does. */
export function openWithAnyKey(sealed: Buffer, keys: readonly Buffer[], context: string): { plain: Buffer; keyIndex: number } {
  let failure: unknown = new Error('no key to open the sealed value with');
  for (const [keyIndex, key] of keys.entries()) {
    try {
      return { plain: openBytes(sealed, key, context), keyIndex };
    } catch (err) {
      failure = err;
    }
  }
  throw failure;
}
