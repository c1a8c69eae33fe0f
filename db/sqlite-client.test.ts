// The SQLite client (db/sqlite-client.ts): values stored and compared as the sqlite3 driver stored them (databases
// written before decision 049 keep working), raw writes answered as before, and one process's writers taking turns.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { sqliteConfig } from './connection.ts';
import { isUniqueViolation } from './dialect.ts';

describe.runIf(process.env.VELADA_TEST_DIALECT !== 'postgres')('the SQLite client', () => {
  let dir: string;
  let db: Knex;
  const at = new Date(Date.UTC(2026, 10, 27, 12, 0, 0, 123));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-sqlite-client-'));
    db = knexFactory(sqliteConfig(path.join(dir, 'db.sqlite')));
    await db.schema.createTable('t', (t) => {
      t.increments('id');
      t.datetime('at');
      t.boolean('flag');
      t.integer('n');
      t.float('f');
      t.string('s');
      t.specificType('u', '');
    });
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores dates, booleans and numbers as the sqlite3 driver did', async () => {
    await db('t').insert({ at, flag: true, n: 7, f: 2.5, s: 7, u: 7 });
    await db('t').insert({ at: new Date(0), flag: false, n: 3_000_000_000, f: 3, s: 2.5, u: at });
    const rows = await db.raw(
      'select at, typeof(at) ta, flag, typeof(flag) tf, n, typeof(n) tn, f, typeof(f) tff, s, typeof(s) ts, u, typeof(u) tu from t order by id',
    );
    // What the sqlite3 driver (through Knex 3.3) stored for the same inserts.
    expect(rows).toEqual([
      {
        at: 1795780800123,
        ta: 'integer',
        flag: 1,
        tf: 'integer',
        n: 7,
        tn: 'integer',
        f: 2.5,
        tff: 'real',
        s: '7',
        ts: 'text',
        u: 7,
        tu: 'integer',
      },
      {
        at: 0,
        ta: 'integer',
        flag: 0,
        tf: 'integer',
        n: 3e9,
        tn: 'integer',
        f: 3,
        tff: 'real',
        s: '2.5',
        ts: 'text',
        u: 1795780800123,
        tu: 'real',
      },
    ]);
    // Rows written before, found by the same bindings.
    expect(await db('t').where('at', at).pluck('id')).toEqual([1]);
    expect(await db('t').where('at', '<', at).pluck('id')).toEqual([2]);
    expect(await db('t').where('s', 7).pluck('id')).toEqual([1]);
    expect(await db('t').where('flag', true).pluck('id')).toEqual([1]);
    expect(await db('t').where('flag', false).pluck('id')).toEqual([2]);
  });

  it('binds whole numbers as integers, so arithmetic on them stays integer arithmetic', async () => {
    const [row] = await db.raw('select ? / 2 as q, typeof(?) t1, typeof(?) t2, typeof(?) t3, typeof(?) t4, ? as neg, ? as big', [
      7,
      7,
      2.5,
      at,
      true,
      -1,
      2 ** 40,
    ]);
    expect(row).toEqual({ q: 3, t1: 'integer', t2: 'real', t3: 'real', t4: 'integer', neg: -1, big: 2 ** 40 });
  });

  it('answers writes as before: [] from raw(), counts and ids from the query builder', async () => {
    expect(await db.raw('update t set n = n + 1')).toEqual([]);
    expect(await db('t').update({ n: 1 })).toBe(2);
    expect(await db('t').insert({ n: 1 })).toEqual([3]);
    expect(await db('t').insert({ n: 2 }).returning('id')).toEqual([{ id: 4 }]);
    expect(await db('t').whereIn('id', [3, 4]).del()).toBe(2);
  });

  it('applies the pragmas to every connection of the pool', async () => {
    const connections = await Promise.all([1, 2, 3].map(() => db.client.acquireConnection()));
    try {
      for (const conn of connections as { pragma(s: string, o: { simple: true }): unknown }[]) {
        expect(conn.pragma('foreign_keys', { simple: true })).toBe(1);
        expect(conn.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(conn.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
        expect(conn.pragma('busy_timeout', { simple: true })).toBe(5000);
        expect(conn.pragma('cache_size', { simple: true })).toBe(-16384);
        expect(conn.pragma('mmap_size', { simple: true })).toBe(1073741824);
      }
    } finally {
      for (const conn of connections) db.client.releaseConnection(conn);
    }
  });

  it("lets transactions and single writes of one process wait for each other's turn instead of failing busy", async () => {
    // Each transaction waits between its statements, as request handlers do: without turns, a write meeting another
    // connection's open transaction would stop the thread in SQLite's busy handler and fail after 5 s.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    const transactions = Array.from({ length: 6 }, (_, i) =>
      db.transaction(async (trx) => {
        const [{ n }] = await trx('t').count({ n: '*' });
        await pause();
        await trx('t').insert({ n: 100 + i, s: String(n) });
        await pause();
      }),
    );
    const single = Array.from({ length: 6 }, (_, i) => pause().then(() => db('t').insert({ n: 200 + i })));
    const reads = Array.from({ length: 6 }, () => pause().then(() => db('t').count({ n: '*' })));
    await Promise.all([...transactions, ...single, ...reads]);
    expect(await db('t').where('n', '>=', 100).count({ n: '*' })).toEqual([{ n: 12 }]);
  });

  it('reports constraint failures with their extended codes; a primary key is a unique violation too', async () => {
    await db.schema.createTable('u', (t) => {
      t.string('k');
      t.string('l');
      t.string('m').unique();
      t.integer('t_id').references('t.id');
      t.primary(['k', 'l']);
    });
    await db('u').insert({ k: 'a', l: 'a', m: 'a' });
    const refusal = (row: Record<string, unknown>) =>
      db('u')
        .insert(row)
        .then(
          () => null,
          (err: unknown) => err,
        );
    const primary = await refusal({ k: 'a', l: 'a' });
    expect(primary).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(isUniqueViolation(primary)).toBe(true);
    const unique = await refusal({ k: 'b', l: 'b', m: 'a' });
    expect(unique).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(isUniqueViolation(unique)).toBe(true);
    const reference = await refusal({ k: 'c', l: 'c', t_id: 999 });
    expect(reference).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(isUniqueViolation(reference)).toBe(false);
  });
});
