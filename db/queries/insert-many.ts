// Multi-row INSERT ... VALUES, with an optional ON CONFLICT clause and RETURNING, the same SQL on SQLite and
// PostgreSQL. For the analytics pipeline, which inserts thousands of rows a second: Knex writes SQLite's multi-row
// insert as a compound SELECT (`select ? union all select ? ...`), which SQLite refuses past 500 rows and is slow to
// compile below that, and it builds every statement anew. Here one statement string per (table, columns, row count)
// is made once and reused. On SQLite the rows travel as one JSON value read by json_each: binding thousands of
// values one by one took a tenth of the JavaScript thread while analytics were drained, and one value with a
// statement that does not depend on the row count costs almost nothing to pass and to prepare.
import type { Knex } from 'knex';

export interface InsertManyOptions {
  /** The unique key of ON CONFLICT; with neither `set` nor a conflict, rows are simply inserted. */
  conflict?: string[];
  /** DO UPDATE SET: column -> SQL expression (may name `excluded.column` and the table's own columns); none: DO NOTHING. */
  set?: Record<string, string>;
  /** Columns of the rows actually inserted or updated, returned. */
  returning?: string[];
}

/** Bound values per statement at most: well under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_BINDINGS = 20_000;
const MAX_ROWS = 1_000;

const sqlCache = new Map<string, string>();

const quote = (name: string) => `"${name}"`;

/** `rowCount` rows of bound values (PostgreSQL), or, with none, the rows of one JSON array of arrays (SQLite). */
function statement(table: string, columns: string[], rowCount: number | 'json', options: InsertManyOptions): string {
  const key = `${table}|${columns.join(',')}|${rowCount}|${JSON.stringify(options)}`;
  let sql = sqlCache.get(key);
  if (sql) return sql;
  sql = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) `;
  if (rowCount === 'json') {
    // `where true`: SQLite's parser needs it to tell the upsert's ON from a join's.
    sql += `select ${columns.map((_, i) => `value ->> ${i}`).join(', ')} from json_each(?) where true`;
  } else {
    const row = `(${columns.map(() => '?').join(', ')})`;
    sql += `values ${Array.from({ length: rowCount }, () => row).join(', ')}`;
  }
  if (options.conflict) {
    const set = options.set ? Object.entries(options.set) : [];
    sql += ` on conflict (${options.conflict.map(quote).join(', ')}) do `;
    sql += set.length ? `update set ${set.map(([column, expression]) => `${quote(column)} = ${expression}`).join(', ')}` : 'nothing';
  }
  if (options.returning) sql += ` returning ${options.returning.map(quote).join(', ')}`;
  if (sqlCache.size > 500) sqlCache.clear();
  sqlCache.set(key, sql);
  return sql;
}

/**
 * Inserts `rows` (objects with the same keys, in the same order): one statement on SQLite, as few as the binding
 * limits allow on PostgreSQL, one after another on `db` (a transaction, for them to commit together). Resolves with
 * the returned rows.
 */
export async function insertMany<R = Record<string, unknown>>(
  db: Knex | Knex.Transaction,
  table: string,
  rows: Record<string, unknown>[],
  options: InsertManyOptions = {},
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  if (db.client.config.client !== 'pg') {
    const values = JSON.stringify(rows.map((row) => columns.map((column) => sqliteValue(row[column]))));
    return (await db.raw(statement(table, columns, 'json', options), [values])) as R[];
  }
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_BINDINGS / columns.length)));
  const returned: R[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement);
    const bindings: Knex.RawBinding[] = [];
    for (const row of part) for (const column of columns) bindings.push((row[column] ?? null) as Knex.RawBinding);
    const result = await db.raw(statement(table, columns, part.length, options), bindings);
    if (options.returning) returned.push(...(result.rows as R[]));
  }
  return returned;
}

/**
 * A value as the SQLite client binds it (db/sqlite-client.ts): a date as its milliseconds, a boolean as 1 or 0, no
 * undefined, and a lone surrogate as U+FFFD (in JSON it would reach SQLite as an escape that it decodes into invalid
 * UTF-8).
 */
function sqliteValue(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value ?? null;
}
