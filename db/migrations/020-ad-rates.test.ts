// Migration 020 on SQLite and PostgreSQL: every stored price becomes the 1-hour rate of the ad's first place (its
// own place, or the first in-person place it offers), the price per hour stays, and the table is watched for the
// render cache. Run on a database migrated to the end: down, ads as they were before, then up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { adRow, insertAdvertiser } from '#tooling/factories/index.ts';
import { insertedId } from '#db/dialect.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import type { ServiceType } from '#shared/catalogue.ts';
import { down, up } from './020-ad-rates.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('020-ad-rates', () => {
  it('moves each price into the 1-hour rate of the first place the ad offers, keeping the price per hour', async () => {
    await down(t.db);
    expect(await t.db.schema.hasTable('ad_rates')).toBe(false);
    const advertiser = await insertAdvertiser(t.db);
    // Rows as the previous code wrote them: a price and the services, no rates.
    const cases: [ServiceType[], number | null, string | null][] = [
      [['presencial'], 15000, 'propio'],
      [['hotel', 'presencial', 'domicilio'], 20000, 'propio'],
      [['domicilio', 'hotel'], 25000, 'domicilio'],
      [['hotel', 'virtual'], 30000, 'hotel'],
      [['virtual'], 12000, 'propio'],
      [[], 9000, 'propio'],
      [['presencial', 'hotel'], null, null],
    ];
    const ids: number[] = [];
    for (const [services, pricePerHour] of cases) {
      const [row] = await t
        .db('ads')
        .insert(adRow(advertiser, { services, pricePerHour, state: 'draft' }))
        .returning('id');
      ids.push(insertedId(row));
    }

    await up(t.db);
    const rates = await t.db('ad_rates').whereIn('ad_id', ids).select('ad_id', 'place', 'duration', 'amount');
    const expected = cases.flatMap(([, price, place], i) => (place ? [{ ad_id: ids[i], place, duration: '1h', amount: price }] : []));
    expect(rates.map((r) => ({ ...r, amount: Number(r.amount) })).sort((a, b) => a.ad_id - b.ad_id)).toEqual(expected);
    const prices = await t.db('ads').whereIn('id', ids).orderBy('id').pluck('price_per_hour');
    expect(prices.map((p) => (p === null ? null : Number(p)))).toEqual(cases.map(([, price]) => price));

    // One rate per ad, place and duration.
    await expect(t.db('ad_rates').insert({ ad_id: ids[0], place: 'propio', duration: '1h', amount: 1000 })).rejects.toThrow();
    // Deleting an ad deletes its rates.
    await t.db('ads').where('id', ids[0]).delete();
    expect(await t.db('ad_rates').where('ad_id', ids[0])).toHaveLength(0);
  });

  it("raises the catalog version when a published ad's rates change, and not for an ad that is not public", async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [published] = await t
      .db('ads')
      .insert(adRow(advertiser, { state: 'published' }))
      .returning('id');
    const [draft] = await t
      .db('ads')
      .insert(adRow(advertiser, { state: 'draft' }))
      .returning('id');
    const publishedId = insertedId(published);
    const draftId = insertedId(draft);

    let version = await readCatalogVersion(t.db);
    const raised = async () => {
      const now = await readCatalogVersion(t.db);
      const moved = now > version;
      version = now;
      return moved;
    };
    await t.db('ad_rates').insert({ ad_id: draftId, place: 'propio', duration: '1h', amount: 10000 });
    expect(await raised()).toBe(false);
    await t.db('ad_rates').insert({ ad_id: publishedId, place: 'propio', duration: '2h', amount: 18000 });
    expect(await raised()).toBe(true);
    await t.db('ad_rates').where({ ad_id: publishedId }).update({ amount: 19000 });
    expect(await raised()).toBe(true);
    await t.db('ad_rates').where({ ad_id: publishedId }).delete();
    expect(await raised()).toBe(true);
    await t.db('ad_rates').where({ ad_id: draftId }).delete();
    expect(await raised()).toBe(false);
  });
});
