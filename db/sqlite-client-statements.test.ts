// Statements are kept prepared per connection by their SQL, a bounded number, and a kept statement still sees the
// schema as it is now.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { KEPT_STATEMENTS, preparedStatement, type SqliteConnection } from './sqlite-client.ts';

type Connection = SqliteConnection & { exec(sql: string): void; close(): void };
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Connection;

describe('preparedStatement', () => {
  it('prepares each text once per connection, keeping a bounded number', () => {
    const connection = new Database(':memory:');
    let prepared = 0;
    const counting: SqliteConnection = {
      inTransaction: false,
      pragma: (source) => connection.pragma(source),
      prepare: (sql) => {
        prepared += 1;
        return connection.prepare(sql);
      },
    };
    expect(preparedStatement(counting, 'select 1 as one').all([])).toEqual([{ one: 1 }]);
    expect(preparedStatement(counting, 'select 1 as one').all([])).toEqual([{ one: 1 }]);
    expect(prepared).toBe(1);
    for (let i = 0; i < KEPT_STATEMENTS; i++) preparedStatement(counting, `select ${i} as n`);
    preparedStatement(counting, 'select 1 as one');
    expect(prepared).toBe(KEPT_STATEMENTS + 2);
    connection.close();
  });

  it('answers from the current schema after a change', () => {
    const connection = new Database(':memory:');
    connection.exec('create table t (a integer); insert into t values (1)');
    expect(preparedStatement(connection, 'select * from t').all([])).toEqual([{ a: 1 }]);
    connection.exec('alter table t add column b integer default 2');
    expect(preparedStatement(connection, 'select * from t').all([])).toEqual([{ a: 1, b: 2 }]);
    connection.close();
  });
});
