// Secret keys that every process sharing the database must agree on (signing price quotes, hashing a reporter's
// address, login device cookies, the addresses in shared rate limits, signing the links to mail preferences). Each
// is made once, at random, in the settings table, and cached per connection.
import crypto from 'node:crypto';
import type { Knex } from 'knex';

export type ServerKeyName = 'quote_signing_key' | 'reporter_hash_key' | 'login_device_key' | 'rate_limit_key' | 'mail_preferences_key';
const cache = new WeakMap<Knex, Map<ServerKeyName, Buffer>>();

export async function serverKey(db: Knex, name: ServerKeyName): Promise<Buffer> {
  const keys = cache.get(db) ?? new Map<ServerKeyName, Buffer>();
  cache.set(db, keys);
  const cached = keys.get(name);
  if (cached) return cached;
  // Two processes starting together both insert; the first wins and both read the winner.
  await db('settings')
    .insert({ key: name, value: crypto.randomBytes(32).toString('hex'), updated_at: new Date() })
    .onConflict('key')
    .ignore();
  const row = await db('settings').where('key', name).first('value');
  const key = Buffer.from(row.value, 'hex');
  keys.set(name, key);
  return key;
}

/** HMAC-SHA256 of `text` with the named key, as 64 hex characters. */
export async function keyedHash(db: Knex, name: ServerKeyName, text: string): Promise<string> {
  return crypto
    .createHmac('sha256', await serverKey(db, name))
    .update(text)
    .digest('hex');
}
