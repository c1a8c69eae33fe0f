// Knex's better-sqlite3 client as Velada runs it (decision 049): transactions that BEGIN IMMEDIATE, one writer per
// database file at a time in a thread, waited for without stopping the thread, and values bound as before.
import path from 'node:path';
// Knex's own better-sqlite3 client and SQLite transaction, extended below (knex has no option for either).
import BetterSqliteClient from 'knex/lib/dialects/better-sqlite3/index.js';
import SqliteTransaction from 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js';
import { setBounded } from '#shared/bounded-memo.ts';

/** How long a write waits for the file's writer, in this thread or another: SQLite's busy_timeout, and our turns. */
export const BUSY_TIMEOUT_MS = 5000;

/** The parts of a better-sqlite3 connection this client uses. */
export interface SqliteConnection {
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
  pragma(source: string): unknown;
}
interface SqliteStatement {
  /** Returns rows (a select, or a write with RETURNING). */
  readonly reader: boolean;
  /** Writes nothing (transaction control statements count as read-only). */
  readonly readonly: boolean;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
/**
 * Statements kept prepared per connection, by their SQL: Knex prepares every query again, and preparing was a tenth
 * of a search page's work (docs/decisions/056-search-miss.md). Statements run to completion at once (all, run), so
 * one can serve every query of its text; SQLite prepares one again by itself after a schema change.
 */
export const KEPT_STATEMENTS = 500;
const keptStatements = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

export function preparedStatement(connection: SqliteConnection, sql: string): SqliteStatement {
  let kept = keptStatements.get(connection);
  if (!kept) keptStatements.set(connection, (kept = new Map()));
  let statement = kept.get(sql);
  if (!statement) {
    statement = connection.prepare(sql);
    setBounded(kept, sql, statement, KEPT_STATEMENTS);
  }
  return statement;
}

interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  method?: string;
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}

/**
 * Whose turn it is to write one database file, in this thread. better-sqlite3 runs each statement in the JavaScript
 * thread: a write that met another connection's open transaction would wait in SQLite's busy handler with the whole
 * thread stopped, so that transaction could never go on to commit (5 s lost, then SQLITE_BUSY). Writes therefore
 * wait here, without blocking, for the transaction in progress; SQLite's busy handler is left with the writers of
 * other threads and processes (the analytics drain thread, a second process), which go on while it waits.
 */
class WriteTurns {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  /** Resolves with the release once it is the caller's turn; rejects like SQLite (SQLITE_BUSY) after the timeout. */
  take(): Promise<() => void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(this.releaser());
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(Object.assign(new Error('database is locked (waited for another write of this process)'), { code: 'SQLITE_BUSY' }));
      }, BUSY_TIMEOUT_MS);
      this.waiting.push(grant);
    });
  }

  get busy(): boolean {
    return this.held;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.held = false;
    };
  }
}

/** Connections whose transaction holds its file's turn (its BEGIN IMMEDIATE counts as a write). */
const holders = new WeakSet<object>();

/** One per database file in this thread (module state is per thread); an in-memory database is its connection's own. */
const turnsByFile = new Map<string, WriteTurns>();
function turnsOf(client: unknown): WriteTurns | null {
  const filename = (client as { connectionSettings?: { filename?: string } }).connectionSettings?.filename;
  if (!filename || filename === ':memory:' || filename === '') return null;
  const key = path.resolve(filename);
  let turns = turnsByFile.get(key);
  if (!turns) turnsByFile.set(key, (turns = new WriteTurns()));
  return turns;
}

/**
 * Every SQLite transaction begins IMMEDIATE: it takes the write lock first, waiting for it (busy_timeout) like
 * any single write. A plain BEGIN starts as a reader, and a transaction that reads before it writes (most do:
 * check, then change) fails at once with SQLITE_BUSY when another connection wrote meanwhile, since waiting cannot
 * help a stale snapshot. Seen under the crash test's parallel writers as 500s on deleting an ad.
 * A top-level transaction also holds this thread's write turn of the file from before BEGIN until it has ended.
 */
class ImmediateTransaction extends SqliteTransaction {
  begin(conn: unknown) {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }

  async _onAcquire(container: unknown, connection: unknown): Promise<unknown> {
    const turns = (this.client as { transacting?: boolean }).transacting ? null : turnsOf(this.client);
    const release = turns ? await turns.take() : null;
    if (release) holders.add(connection as object);
    try {
      return await super._onAcquire(container, connection);
    } finally {
      holders.delete(connection as object);
      release?.();
    }
  }
}

export class VeladaSqliteClient extends BetterSqliteClient {
  transaction(...args: unknown[]) {
    return new ImmediateTransaction(this, ...args);
  }

  async _query(connection: SqliteConnection, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    const statement = preparedStatement(connection, obj.sql);
    const bindings = this._formatBindings(obj.bindings);
    // A write outside a transaction waits for this thread's transaction on the file, if one is open.
    const turns = statement.readonly || connection.inTransaction || holders.has(connection) ? null : turnsOf(this);
    const release = turns?.busy ? await turns.take() : null;
    try {
      if (statement.reader) {
        obj.response = statement.all(bindings);
        return obj;
      }
      const result = statement.run(bindings);
      // A statement that returns no rows answers [] through raw(), as the sqlite3 driver did; Knex's insert, update
      // and delete read the context.
      obj.response = obj.method === 'raw' ? [] : result;
      obj.context = { lastID: result.lastInsertRowid, changes: result.changes };
      return obj;
    } finally {
      release?.();
    }
  }

  /**
   * Values bound as the sqlite3 driver bound them, so that stored values, comparisons and arithmetic stay what they
   * were: a whole number of 32 bits as an INTEGER (better-sqlite3 binds every number as a REAL, BigInts as
   * INTEGERs), a boolean as the INTEGER 1 or 0, a Date as its milliseconds (a REAL, stored as an INTEGER in the
   * timestamp columns, whose affinity is NUMERIC).
   */
  _formatBindings(bindings: unknown[] | undefined): unknown[] {
    if (!bindings) return [];
    return bindings.map((value) => {
      if (typeof value === 'number') return (value | 0) === value ? BigInt(value) : value;
      if (typeof value === 'boolean') return value ? 1n : 0n;
      if (value instanceof Date) return value.getTime();
      return value;
    });
  }
}

/** Settings every connection gets when the pool opens it. */
export function configureConnection(conn: SqliteConnection): void {
  conn.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  conn.pragma('foreign_keys = ON');
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = NORMAL');
  // Reads through memory-mapped pages and a 16 MB page cache per connection instead of a read() call per
  // page from a 2 MB cache: a search over 20,000 matching ads spent most of its time in those calls.
  conn.pragma('mmap_size = 1073741824');
  conn.pragma('cache_size = -16384');
}
