// Secret keys that every process sharing the database must agree on (signing price quotes, hashing a reporter's
// address, the addresses in shared rate limits, signing the links to mail preferences). Each
// is made once, at random, in the settings table, and cached per connection.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Setting } from '#db/models/index.ts';

// Not the key of safety-alert numbers: a copy of the database would give the numbers back (decision 046).
export type ServerKeyName = 'quote_signing_key' | 'reporter_hash_key' | 'rate_limit_key' | 'mail_preferences_key';
const cache = new WeakMap<Knex, Map<ServerKeyName, Buffer>>();

export async function serverKey(db: Knex, name: ServerKeyName): Promise<Buffer> {
  const keys = cache.get(db) ?? new Map<ServerKeyName, Buffer>();
  cache.set(db, keys);
  const cached = keys.get(name);
  if (cached) return cached;
  const key = Buffer.from(await settingMadeOnce(db, name, () => crypto.randomBytes(32).toString('hex')), 'hex');
  keys.set(name, key);
  return key;
}

/**
 * The value of a setting that is made once, by `make`, by whichever process asks first: two processes starting
 * together both insert, the first wins and both read the winner.
 */
export async function settingMadeOnce(db: Knex, key: string, make: () => string): Promise<string> {
  await Setting.query(db).insert({ key, value: make(), updatedAt: new Date() }).onConflict('key').ignore();
  return (await Setting.query(db).findById(key).select('value'))!.value;
}

/** HMAC-SHA256 of `text` with the named key, as 64 hex characters. */
export async function keyedHash(db: Knex, name: ServerKeyName, text: string): Promise<string> {
  return crypto
    .createHmac('sha256', await serverKey(db, name))
    .update(text)
    .digest('hex');
}
