// Password hashing with argon2id (Node's crypto.argon2): 19 MiB, 2 passes, parallelism 1, per-password salt.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const argon2 = promisify(crypto.argon2);
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const nonce = crypto.randomBytes(16);
  const hash = await argon2('argon2id', { message: password, nonce, ...PARAMS });
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(encoded);
  if (!match) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  const actual = await argon2('argon2id', {
    message: password,
    nonce: Buffer.from(match[4]!, 'base64url'),
    memory: Number(match[1]),
    passes: Number(match[2]),
    parallelism: Number(match[3]),
    tagLength: expected.length,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A random password for accounts created without one: 20 characters from a URL-safe alphabet. */
export function randomPassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}

// Accounts without a password (created by staff tools or demo data) never sign in; unknown names and emails cost
// the same hashing time as known ones, so timing does not tell which exist.
let dummyHash: Promise<string> | null = null;

/** Whether `password` matches `hash`; false, after the same work, when there is no hash. */
export async function checkPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (hash) return verifyPassword(password, hash);
  await verifyPassword(password, await (dummyHash ??= hashPassword(crypto.randomUUID())));
  return false;
}
