// insertMany writes what Knex's own insert writes, for every kind of value the analytics pipeline stores, on SQLite
// (rows as one JSON value) and PostgreSQL (bound values); its upserts add and keep as asked, and RETURNING gives
// only the rows inserted or updated.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertMany } from './insert-many.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  for (const table of ['insert_many_a', 'insert_many_b']) {
    await t.db.schema.createTable(table, (c) => {
      c.increments('id');
      c.string('name').notNullable().unique();
      c.integer('count').notNullable().defaultTo(0);
      c.float('share');
      c.boolean('flag');
      c.timestamp('at', { useTz: true });
      c.date('day');
      c.text('note');
    });
  }
});
afterAll(() => t.destroy());

const rows = [
  { name: 'uno', count: 3, share: 0.25, flag: true, at: new Date('2026-11-24T03:04:05.678Z'), day: '2026-11-24', note: null },
  { name: 'dos \'comillas\' "dobles" \\ ñandú 🌙', count: 0, share: -1.5, flag: false, at: new Date(0), day: '2026-01-01', note: '[1,2]' },
  { name: '123', count: 2_147_483_647, share: null, flag: null, at: null, day: null, note: '{"a":1}' },
  // A lone surrogate, as a visitor's page title can hold: stored as the replacement character, as a binding stores it.
  { name: 'suelto \ud800 fin', count: 1, share: 1e-7, flag: true, at: new Date(1), day: '2026-12-31', note: '\udc00' },
];

it('stores every value as a plain Knex insert does', async () => {
  await t.db('insert_many_a').insert(rows);
  await insertMany(t.db, 'insert_many_b', rows);
  const read = (table: string) => t.db(table).orderBy('id').select('name', 'count', 'share', 'flag', 'at', 'day', 'note');
  const [a, b] = [await read('insert_many_a'), await read('insert_many_b')];
  expect(b).toEqual(a);
  expect(b.map((r) => r.name)).toEqual(rows.map((r) => r.name.toWellFormed()));
  if (t.dialect === 'sqlite') {
    const types = (table: string) =>
      t.db.raw(`select typeof(at) a, typeof(flag) f, typeof(count) c, typeof(name) n from ${table} order by id`);
    expect(await types('insert_many_b')).toEqual(await types('insert_many_a'));
  }
});

it('adds to a counter on conflict, returning only what it inserted or updated', async () => {
  const plus = '"insert_many_b"."count" + excluded."count"';
  const returned = await insertMany<{ name: string; count: number }>(
    t.db,
    'insert_many_b',
    [
      { name: 'uno', count: 10 },
      { name: 'nuevo', count: 1 },
    ],
    { conflict: ['name'], set: { count: plus }, returning: ['name', 'count'] },
  );
  expect(returned.map((r) => [r.name, Number(r.count)]).sort()).toEqual([
    ['nuevo', 1],
    ['uno', 13],
  ]);
  const ignored = await insertMany(
    t.db,
    'insert_many_b',
    [
      { name: 'uno', count: 99 },
      { name: 'otro', count: 5 },
    ],
    { conflict: ['name'], returning: ['name'] },
  );
  expect(ignored).toEqual([{ name: 'otro' }]);
  expect(Number((await t.db('insert_many_b').where('name', 'uno').first('count')).count)).toBe(13);
});

it('writes thousands of rows in one call', async () => {
  const many = Array.from({ length: 2_500 }, (_, i) => ({ name: `fila ${i}`, count: i }));
  await insertMany(t.db, 'insert_many_a', many);
  expect(Number((await t.db('insert_many_a').where('name', 'like', 'fila %').sum({ s: 'count' }).first())?.s)).toBe((2_499 * 2_500) / 2);
});
