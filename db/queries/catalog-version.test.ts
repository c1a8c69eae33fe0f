// The catalog version's triggers watch every column of ads except its counters: a column added later must be listed
// in AD_PUBLIC_COLUMNS (with a migration that recreates the triggers) or in AD_COUNTER_COLUMNS on purpose.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { AD_COUNTER_COLUMNS, AD_PUBLIC_COLUMNS } from '#db/migrations/014-catalog-version.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { countAdView } from './ad-page.ts';
import { readCatalogVersion } from './catalog-version.ts';
import { serverKey } from './server-keys.ts';
import { setPlanPrices } from './settings.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

it('covers every column of ads but the counters', async () => {
  // PostgreSQL's search_vector is generated from search_text, which is watched.
  const columns = Object.keys(await t.db('ads').columnInfo())
    .filter((c) => c !== 'search_vector')
    .sort();
  expect([...AD_PUBLIC_COLUMNS, ...AD_COUNTER_COLUMNS].sort()).toEqual(columns);
});

it('moves with a change to a published ad, not with its view count nor with a draft', async () => {
  const advertiser = await insertAdvertiser(t.db);
  const before = await readCatalogVersion(t.db);
  const draft = await insertAd(t.db, advertiser, { state: 'draft' });
  await t.db('ads').where('id', draft).update({ title: 'Borrador cambiado' });
  expect(await readCatalogVersion(t.db)).toBe(before);
  const published = await insertAd(t.db, advertiser);
  const afterInsert = await readCatalogVersion(t.db);
  expect(afterInsert).toBeGreaterThan(before);
  await countAdView(t.db, published);
  expect(await readCatalogVersion(t.db)).toBe(afterInsert);
  await t.db('advertisers').where('id', advertiser).update({ verification_status: 'rejected' });
  expect(await readCatalogVersion(t.db)).toBeGreaterThan(afterInsert);
});

it('moves with a price edit, not with a server key made on first use or asked for again', async () => {
  const before = await readCatalogVersion(t.db);
  await serverKey(t.db, 'quote_signing_key');
  await t.db('settings').insert({ key: 'reporter_hash_key', value: 'ab', updated_at: new Date() }).onConflict('key').ignore();
  await t.db('settings').insert({ key: 'reporter_hash_key', value: 'cd', updated_at: new Date() }).onConflict('key').ignore();
  expect(await readCatalogVersion(t.db)).toBe(before);
  await setPlanPrices(t.db, { premium: 1234, vip: 5678 });
  expect(await readCatalogVersion(t.db)).toBeGreaterThan(before);
});

it.runIf(process.env.VELADA_TEST_DIALECT === 'postgres')(
  'moves once per transaction, at commit, so writers locking ads in any order never deadlock on it (PostgreSQL)',
  async () => {
    const advertiser = await insertAdvertiser(t.db);
    const a = await insertAd(t.db, advertiser);
    const b = await insertAd(t.db, advertiser);
    const before = await readCatalogVersion(t.db);
    const first = await t.db.transaction();
    const second = await t.db.transaction();
    try {
      await first('ads').where('id', a).update({ title: 'Primero' });
      const secondWrites = second('ads').where('id', b).update({ title: 'Segundo' });
      await secondWrites;
      // Waits for the second transaction's lock on b; a version locked mid-transaction made this a deadlock.
      const firstWrites = first('ads').where('id', b).update({ title: 'Primero también' });
      await second.commit();
      await firstWrites;
      await first.commit();
    } finally {
      if (!first.isCompleted()) await first.rollback();
      if (!second.isCompleted()) await second.rollback();
    }
    expect(await readCatalogVersion(t.db)).toBe(before + 2);
  },
);
