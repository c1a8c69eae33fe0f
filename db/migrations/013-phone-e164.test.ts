// Migration 013 on SQLite and PostgreSQL: phones stored as typed become E.164, unreadable ones become null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { down, up } from './013-phone-e164.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('013-phone-e164', () => {
  it('brings stored phones to E.164, nulls what is not an Argentine number, and gives the same result run again', async () => {
    const advertiser = await insertAdvertiser(t.db);
    // As the old form stored them: what was typed, without spaces, brackets, dots or dashes.
    const stored: [string | null, string | null][] = [
      ['1155550123', '+5491155550123'],
      ['+5491155550000', '+5491155550000'],
      ['0111555550123', '+5491155550123'],
      ['01145550123', '+541145550123'],
      ['+541145550123', '+541145550123'],
      ['5493515550123', '+5493515550123'],
      ['abc', null],
      ['12345678', null],
      ['+12125550123', null],
      ['', null],
      [null, null],
    ];
    const ids: number[] = [];
    for (const [phone] of stored) ids.push(await insertAd(t.db, advertiser, { phone }));

    await up(t.db);
    const read = async () => {
      const rows = await t.db('ads').whereIn('id', ids).select('id', 'phone');
      const byId = new Map(rows.map((r) => [r.id as number, r.phone as string | null]));
      return ids.map((id) => byId.get(id));
    };
    expect(await read()).toEqual(stored.map(([, e164]) => e164));

    await up(t.db);
    expect(await read()).toEqual(stored.map(([, e164]) => e164));
    // Going back keeps the international form, which the earlier code accepts as it is.
    await down(t.db);
    expect(await read()).toEqual(stored.map(([, e164]) => e164));
  });
});
