// The key that hashes safety-alert numbers comes from the environment (ALERT_PHONE_KEY, decision 046), through HTTP
// and the key's own queries on SQLite and PostgreSQL: the stored hash does not depend on what the database holds; a
// copy of the database alone cannot give a filed number back by trying every number of a range; a database whose
// hashes were made with the old key kept in `settings` is taken over once (two processes starting together
// included); rotating the key keeps every alert findable; a wrong key is refused at start.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanel, type Panel } from '#api/testing/panel.ts';
import { serveTestApp } from '#api/testing/http.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { prepareAlertPhoneKey, rekeyAlertPhones } from '#db/queries/alert-phone-key.ts';

const KEY = crypto.randomBytes(32);
const hmac = (key: Buffer, text: string) => crypto.createHmac('sha256', key).update(text).digest('hex');
let panel: Panel;
let cookie = '';

beforeAll(async () => {
  panel = await startPanel({ config: { alertPhoneKey: KEY } });
  cookie = await advertiserSessions.create(panel.t.db, await insertAdvertiser(panel.t.db, { verificationStatus: 'verified' }));
});
afterAll(() => panel.close());

const db = () => panel.t.db;
const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}/api/advertiser/safety-alerts${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: JSON.stringify(body),
  });

/** Files an alert on the number and approves it; returns its row id. */
async function fileApproved(phone: string): Promise<number> {
  const res = await post(panel.server.url, '', { phone, kind: 'robo', description: 'Se fue sin pagar y se llevó un celular.' });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect((await panel.call('POST', `/api/admin/safety-alerts/${id}/approve`, panel.cookies.view_reports)).status).toBe(200);
  return id;
}
const found = async (phone: string, url = panel.server.url) => {
  const res = await post(url, '/lookup', { phone });
  expect(res.status).toBe(200);
  return ((await res.json()) as { total: number }).total;
};

/** What a copy of the database gives an attacker: every 32-byte key written anywhere in `settings`. */
async function keysInDatabase(): Promise<Buffer[]> {
  const values = (await db()('settings').select('value')).map((r) => String(r.value));
  const texts = values.flatMap((v) => [v, ...(v.match(/[0-9a-f]{64}/gi) ?? [])]);
  return [...new Set(texts.filter((t) => /^[0-9a-f]{64}$/i.test(t)))].map((t) => Buffer.from(t, 'hex'));
}

/**
 * The audit's attack on a copy: every number +54 9 11 5555-XXXX hashed with each key found in it, on the number
 * itself and on the number passed through every key found before it (as the retired keys are applied).
 */
async function numbersFromCopy(): Promise<string[]> {
  const stored = new Set((await db()('safety_alerts').select('phone_hash')).map((r) => r.phone_hash as string));
  const keys = await keysInDatabase();
  const given: string[] = [];
  for (let n = 0; n < 10_000; n++) {
    const number = `+54911${5555_0000 + n}`;
    const inner = keys.reduce((text, key) => hmac(key, text), number);
    const tries = keys.flatMap((key) => [hmac(key, number), hmac(key, inner)]);
    if (tries.some((h) => stored.has(h)) || stored.has(inner)) given.push(number);
  }
  return given;
}

describe('the key of the alerts numbers', () => {
  it('hashes with ALERT_PHONE_KEY, whatever the database holds, and the database keeps no key that reproduces it', async () => {
    expect(await prepareAlertPhoneKey(db(), KEY)).toBe('ready');
    const id = await fileApproved('+54 9 11 5555-1234');
    const row = await db()('safety_alerts').where('id', id).first('phone_hash');
    expect(row.phone_hash).toBe(hmac(KEY, '+5491155551234'));
    expect(await db()('settings').where('key', 'alert_phone_key').first()).toBeUndefined();
    // Whatever key a database may carry in its settings, the number is found the same.
    await db()('settings').insert({ key: 'alert_phone_key', value: crypto.randomBytes(32).toString('hex'), updated_at: new Date() });
    expect(await found('11 5555-1234')).toBe(1);
    await db()('settings').where('key', 'alert_phone_key').delete();
    expect(await found('11 5555-1234')).toBe(1);
    expect(await numbersFromCopy()).toEqual([]);
  });

  it('takes over, once, a database whose hashes were made with the key kept in it: lookups still find them, the copy gives nothing', async () => {
    // As an existing deployment left it: the key in settings and approved alerts hashed with it, nothing else.
    await db()('safety_alerts').delete();
    await db()('settings').whereIn('key', ['alert_phone_key_check', 'alert_phone_retired_keys']).delete();
    const legacy = crypto.randomBytes(32);
    await db()('settings').insert({ key: 'alert_phone_key', value: legacy.toString('hex'), updated_at: new Date() });
    for (const digits of ['1155551234', '1155554321']) {
      const id = await fileApproved(`+549${digits}`);
      await db()('safety_alerts')
        .where('id', id)
        .update({ phone_hash: hmac(legacy, `+549${digits}`) });
    }
    const before = await db()('safety_alerts').orderBy('id').select('id', 'phone_hash');

    // Two processes starting together: one takes it over, and every hash is wrapped exactly once.
    const results = await Promise.all([prepareAlertPhoneKey(db(), KEY), prepareAlertPhoneKey(db(), KEY)]);
    expect(results.sort()).toEqual(['adopted', 'ready']);
    expect(await prepareAlertPhoneKey(db(), KEY)).toBe('ready');
    const after = await db()('safety_alerts').orderBy('id').select('id', 'phone_hash');
    expect(after).toEqual(before.map((r) => ({ id: r.id, phone_hash: hmac(KEY, r.phone_hash) })));
    expect(await db()('settings').where('key', 'alert_phone_key').first()).toBeUndefined();
    expect(await found('011 15-5555-4321')).toBe(1);
    expect(await found('11 5555-1234')).toBe(1);
    expect(await numbersFromCopy()).toEqual([]);
  });

  it('is rotated by rekeying every stored hash: lookups with the new key find every alert, the old key finds none, twice is once', async () => {
    const next = crypto.randomBytes(32);
    expect(await rekeyAlertPhones(db(), { key: next, previousKey: crypto.randomBytes(32) })).toBe('unknown_key');
    const result = await rekeyAlertPhones(db(), { key: next, previousKey: KEY });
    expect(result).toEqual({ rekeyed: expect.any(Number) });
    expect(await rekeyAlertPhones(db(), { key: next, previousKey: KEY })).toBe('already_rekeyed');

    const rotated = await serveTestApp(panel.t, { config: { alertPhoneKey: next } });
    try {
      expect(await found('11 5555-1234', rotated.url)).toBe(1);
      expect(await found('11 5555-4321', rotated.url)).toBe(1);
      expect(await found('11 5555-1234')).toBe(0);
    } finally {
      await rotated.close();
    }
    expect(await numbersFromCopy()).toEqual([]);
    // A process started with the old key, or any other, is refused; the new one is ready.
    expect(await prepareAlertPhoneKey(db(), KEY)).toBe('wrong_key');
    expect(await prepareAlertPhoneKey(db(), next)).toBe('ready');
  });
});
