// Processes starting together on one empty database with SEED_DEMO (docs/operations.md says they may), on SQLite
// and PostgreSQL: every one of them gets through the demo seed and the super admin, and the database holds exactly
// one set of demo data. Two connection pools stand for two processes; a small demo keeps the test fast.
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { ensureSuperAdmin, SUPER_ADMIN_USERNAME } from '#api/services/super-admin.ts';
import { seedDemoIfEmpty } from './first-start.ts';
import { DEMO_PARTNER_USERNAME } from './panel-demo.ts';

const PROCESSES = 3;
let t: TestDb;
let pools: Knex[];
beforeAll(async () => {
  t = await createTestDb();
  pools = [t.db, ...Array.from({ length: PROCESSES - 1 }, () => knexFactory({ ...t.db.client.config }))];
});
afterAll(async () => {
  for (const pool of pools.slice(1)) await pool.destroy();
  await t.destroy();
});

const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await t.db(table).where(where).count({ n: '*' }).first())?.n);

describe('the demo seed of processes starting together', () => {
  it('lets every process through and makes one set of demo data, one demo partner and one super admin', async () => {
    const store = diskStore(t.dataDir);
    const results = await Promise.all(pools.map((db) => seedDemoIfEmpty(db, store, { ads: 4 })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.find(Boolean)).toMatchObject({ ads: 4 });
    expect(await count('ads', { state: 'published' })).toBe(4);
    expect(await count('advertisers', { email: 'demo1@velada.invalid' })).toBe(1);
    expect(await count('advertisers', { email: 'verificacion1@velada.invalid' })).toBe(1);
    expect(await count('admin_users', { username: DEMO_PARTNER_USERNAME })).toBe(1);

    const admins = await Promise.all(pools.map((db) => ensureSuperAdmin(db, undefined)));
    expect(admins.filter((a) => a.created)).toHaveLength(1);
    expect(await count('admin_users', { username: SUPER_ADMIN_USERNAME })).toBe(1);

    // A later start finds the data and adds nothing.
    expect(await seedDemoIfEmpty(pools[1]!, store, { ads: 4 })).toBeNull();
    expect(await count('ads')).toBe(4);
  });

  it('on SQLite, waits for another writer longer than busy_timeout (5 s) instead of failing the start', async (ctx) => {
    if (t.dialect !== 'sqlite') ctx.skip();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const started = new Promise<void>((resolve) => (locked = resolve));
    // Another process's long write transaction, as a seed of 220 ads with pictures is.
    const writer = pools[2]!.transaction(async (trx) => {
      await trx('settings').where('key', 'price_vip').first();
      locked();
      await held;
    });
    await started;
    const waiting = seedDemoIfEmpty(pools[1]!, diskStore(t.dataDir), { ads: 4 });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    release();
    await writer;
    expect(await waiting).toBeNull();
  }, 30_000);
});
