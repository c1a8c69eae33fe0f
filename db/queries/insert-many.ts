// Multi-row INSERT ... VALUES, with an optional ON CONFLICT clause and RETURNING, the same SQL on SQLite and
// PostgreSQL. For the analytics pipeline, which inserts thousands of rows a second: Knex writes SQLite's multi-row
// insert as a compound SELECT (`select ? union all select ? ...`), which SQLite refuses past 500 rows and is slow to
// compile below that, and it builds every statement anew. Here one statement string per (table, columns, row count)
// is made once and reused.
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

function statement(table: string, columns: string[], rowCount: number, options: InsertManyOptions): string {
  const key = `${table}|${columns.join(',')}|${rowCount}|${JSON.stringify(options)}`;
  let sql = sqlCache.get(key);
  if (sql) return sql;
  const row = `(${columns.map(() => '?').join(', ')})`;
  sql = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${Array.from({ length: rowCount }, () => row).join(', ')}`;
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
 * Inserts `rows` (objects with the same keys, in the same order) in as few statements as the binding limits allow,
 * one after another on `db` (a transaction, for them to commit together). Resolves with the returned rows.
 */
export async function insertMany<R = Record<string, unknown>>(
  db: Knex | Knex.Transaction,
  table: string,
  rows: Record<string, unknown>[],
  options: InsertManyOptions = {},
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_BINDINGS / columns.length)));
  const postgres = db.client.config.client === 'pg';
  const returned: R[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement);
    const bindings: Knex.RawBinding[] = [];
    for (const row of part) for (const column of columns) bindings.push((row[column] ?? null) as Knex.RawBinding);
    const result = await db.raw(statement(table, columns, part.length, options), bindings);
    if (options.returning) returned.push(...((postgres ? result.rows : result) as R[]));
  }
  return returned;
}
