// The stored form of a safety-alert number (docs/decisions/046-alert-number-key.md): HMAC-SHA256 under
// ALERT_PHONE_KEY, a key the database never holds, of the number passed first through the retired keys (none on a
// new install). Retired keys are the ones hashes were made with before: the key a former version kept in `settings`,
// then each ALERT_PHONE_KEY rotated out. They stay in `settings` because they guard nothing any more: every stored
// hash was wrapped once more under the current key, and without it a copy of the database gives no number back.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { SafetyAlert, Setting } from '#db/models/index.ts';

/** Where a former version kept the key, in the database: taken over once, then gone. */
const LEGACY_SETTING = 'alert_phone_key';
/** The retired keys, oldest first, as a JSON list of hex strings. */
const RETIRED_SETTING = 'alert_phone_retired_keys';
/** A check value of the key the stored hashes were wrapped under last, so that a wrong key is refused at start. */
const CHECK_SETTING = 'alert_phone_key_check';

const hmac = (key: Buffer, text: string) => crypto.createHmac('sha256', key).update(text).digest('hex');
/** Says which key it is without giving it away (an HMAC of a fixed text). */
const keyCheck = (key: Buffer) => hmac(key, 'velada alert phone key check');

async function setting(db: Knex, key: string): Promise<string | undefined> {
  return (await Setting.query(db).findById(key).select('value'))?.value;
}

async function retiredKeys(db: Knex): Promise<Buffer[]> {
  const stored = await setting(db, RETIRED_SETTING);
  return stored ? (JSON.parse(stored) as string[]).map((hex) => Buffer.from(hex, 'hex')) : [];
}

/** The stored form of an E.164 number under `key` (ALERT_PHONE_KEY). Never the number itself. */
export async function alertPhoneHash(db: Knex, key: Buffer, e164: string): Promise<string> {
  const inner = (await retiredKeys(db)).reduce((text, retired) => hmac(retired, text), e164);
  return hmac(key, inner);
}

/** Every stored hash wrapped once more under `key`, and `retired` added to the retired keys, in `trx`. */
async function wrapEveryHash(trx: Knex.Transaction, key: Buffer, retired: Buffer): Promise<number> {
  const alerts = await SafetyAlert.query(trx).select('id', 'phone_hash');
  for (const alert of alerts)
    await SafetyAlert.query(trx)
      .findById(alert.id)
      .patch({ phoneHash: hmac(key, alert.phoneHash) });
  const keys = [...(await retiredKeys(trx)), retired].map((k) => k.toString('hex'));
  await Setting.query(trx)
    .insert({ key: RETIRED_SETTING, value: JSON.stringify(keys), updatedAt: new Date() })
    .onConflict('key')
    .merge(['value', 'updated_at']);
  return alerts.length;
}

async function writeCheck(trx: Knex.Transaction, key: Buffer): Promise<void> {
  await Setting.query(trx)
    .insert({ key: CHECK_SETTING, value: keyCheck(key), updatedAt: new Date() })
    .onConflict('key')
    .merge(['value', 'updated_at']);
}

/**
 * At start, before serving: 'adopted' when this process took over a database whose hashes were made with the key
 * kept in it (each hash wrapped under `key`, that key retired, the setting deleted); 'ready' when the stored hashes
 * are under `key` (or there is nothing yet: `key` is recorded); 'wrong_key' when they were made under another key.
 * Safe for processes starting together: the one whose delete removed the old setting does the work.
 */
export async function prepareAlertPhoneKey(db: Knex, key: Buffer): Promise<'adopted' | 'ready' | 'wrong_key'> {
  const legacy = await setting(db, LEGACY_SETTING);
  const adopted = await db.transaction(async (trx) => {
    // The delete first: on SQLite it takes the write lock, on PostgreSQL the row's; a second process finds it gone.
    if (!legacy || !(await Setting.query(trx).where({ key: LEGACY_SETTING, value: legacy }).delete())) return false;
    // Hashes already under an environment key (the setting came back through a process of a former version):
    // the deleted key guards none of them, and wrapping them again would lose them.
    if (await setting(trx, CHECK_SETTING)) return false;
    await wrapEveryHash(trx, key, Buffer.from(legacy, 'hex'));
    await writeCheck(trx, key);
    return true;
  });
  if (adopted) return 'adopted';
  await Setting.query(db)
    .insert({ key: CHECK_SETTING, value: keyCheck(key), updatedAt: new Date() })
    .onConflict('key')
    .ignore();
  return (await setting(db, CHECK_SETTING)) === keyCheck(key) ? 'ready' : 'wrong_key';
}

/**
 * Rotates ALERT_PHONE_KEY from `previousKey` to `key`: every stored hash wrapped under `key`, `previousKey`
 * retired. 'already_rekeyed' when the hashes are under `key` already (a second run changes nothing);
 * 'unknown_key' when they are under neither.
 */
export async function rekeyAlertPhones(
  db: Knex,
  { key, previousKey }: { key: Buffer; previousKey: Buffer },
): Promise<{ rekeyed: number } | 'already_rekeyed' | 'unknown_key'> {
  return db.transaction(async (trx) => {
    // The write first, conditional on the previous key: one run of two at once does the work.
    const claimed = await Setting.query(trx)
      .where({ key: CHECK_SETTING, value: keyCheck(previousKey) })
      .patch({ value: keyCheck(key), updatedAt: new Date() });
    if (!claimed) return (await setting(trx, CHECK_SETTING)) === keyCheck(key) ? 'already_rekeyed' : 'unknown_key';
    return { rekeyed: await wrapEveryHash(trx, key, previousKey) };
  });
}
