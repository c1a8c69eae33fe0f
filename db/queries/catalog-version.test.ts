// Listening for catalog changes: on PostgreSQL a change committed through another connection (another process's)
// is announced at its commit; on SQLite there is nothing to listen to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { listenForCatalogChanges, readCatalogVersion } from './catalog-version.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const until = async (done: () => boolean) => {
  const end = Date.now() + 10_000;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('listenForCatalogChanges', () => {
  it.runIf(process.env.VELADA_TEST_DIALECT === 'postgres')(
    'hears a version of its schema committed through another connection, at its commit',
    async () => {
      let heard = 0;
      const stop = await listenForCatalogChanges(t.db, () => void (heard += 1));
      const other: Knex = knexFactory({ ...t.db.client.config, pool: { min: 0, max: 1 } });
      try {
        await until(() => heard === 1); // once when listening starts
        expect(heard).toBe(1);
        // Another schema's catalog (another database on the same server) is not this one's.
        await other.raw("select pg_notify('velada_catalog', 'otro_esquema')");
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard).toBe(1);
        const before = await readCatalogVersion(t.db);
        await other.transaction(async (trx) => {
          await insertAd(trx, await insertAdvertiser(trx), { state: 'published' });
          await new Promise((resolve) => setTimeout(resolve, 200));
          expect(heard).toBe(1); // not before the commit
        });
        await until(() => heard === 2);
        expect(heard).toBe(2);
        expect(await readCatalogVersion(t.db)).toBeGreaterThan(before);
      } finally {
        await stop();
        await other.destroy();
      }
    },
  );

  it.runIf(process.env.VELADA_TEST_DIALECT !== 'postgres')('is nothing on SQLite', async () => {
    let heard = 0;
    const stop = await listenForCatalogChanges(t.db, () => void (heard += 1));
    await insertAd(t.db, await insertAdvertiser(t.db), { state: 'published' });
    await stop();
    expect(heard).toBe(0);
  });
});
