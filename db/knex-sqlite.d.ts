// Knex's SQLite client and transaction classes, which knex ships without types; db/connection.ts extends them.
declare module 'knex/lib/dialects/sqlite3/index.js' {
  export default class SqliteClient {
    constructor(config: unknown);
    transaction(...args: unknown[]): unknown;
  }
}

declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  export default class SqliteTransaction {
    constructor(client: unknown, ...args: unknown[]);
    query(conn: unknown, sql: string): Promise<unknown>;
  }
}
