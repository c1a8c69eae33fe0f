// Knex's better-sqlite3 client and SQLite transaction classes, which knex ships without types; db/sqlite-client.ts
// extends them.
declare module 'knex/lib/dialects/better-sqlite3/index.js' {
  export default class BetterSqliteClient {
    constructor(config: unknown);
    transaction(...args: unknown[]): unknown;
    _formatBindings(bindings: unknown[] | undefined): unknown[];
  }
}

declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  export default class SqliteTransaction {
    constructor(client: unknown, ...args: unknown[]);
    client: unknown;
    query(conn: unknown, sql: string): Promise<unknown>;
    _onAcquire(container: unknown, connection: unknown): Promise<unknown>;
  }
}
