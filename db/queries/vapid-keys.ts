// The VAPID key pair that signs Web Push requests (decision 038) when the configuration names none: made once, at
// random, in the settings table, so that every process signs with the same pair (subscriptions are bound to its
// public key). Cached per connection.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { settingMadeOnce } from './server-keys.ts';

export interface VapidKeys {
  /** The uncompressed P-256 point, URL-safe base64 (what browsers take as applicationServerKey). */
  publicKey: string;
  /** The private scalar, URL-safe base64. */
  privateKey: string;
}

const SETTING = 'vapid_keys';
const cache = new WeakMap<Knex, Promise<VapidKeys>>();

export function newVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

export function storedVapidKeys(db: Knex): Promise<VapidKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = readOrCreate(db);
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}

async function readOrCreate(db: Knex): Promise<VapidKeys> {
  return JSON.parse(await settingMadeOnce(db, SETTING, () => JSON.stringify(newVapidKeys()))) as VapidKeys;
}
