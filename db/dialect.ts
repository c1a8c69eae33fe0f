// The few places where SQLite and PostgreSQL differ, each behind one function.
import type { Knex } from 'knex';

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Knex): Dialect {
  const client = db.client.config.client;
  return client === 'pg' || client === 'postgres' || client === 'postgresql' ? 'postgres' : 'sqlite';
}

/** Words of a search text, each made a prefix query: "pale rec" -> palermo, recoleta. */
export function searchTerms(folded: string): string[] {
  return folded
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0)
    .slice(0, 8);
}

/**
 * Restricts `query` (which selects from `ads`) to ads whose text matches every term.
 * SQLite: FTS5 over ads_fts; PostgreSQL: the tsvector column with a GIN index.
 */
export function whereTextMatches(db: Knex, query: Knex.QueryBuilder, terms: string[]): void {
  if (terms.length === 0) return;
  if (dialectOf(db) === 'postgres') {
    query.whereRaw(`ads.search_vector @@ to_tsquery('simple', ?)`, [terms.map((t) => `${t}:*`).join(' & ')]);
  } else {
    // Terms only contain [a-z0-9], so quoting them is enough to make a safe FTS5 expression.
    query.whereRaw('ads.id in (select rowid from ads_fts where ads_fts match ?)', [terms.map((t) => `"${t}"*`).join(' ')]);
  }
}

/** The id of a row from `insert(...).returning('id')`: an object with `id` on PostgreSQL, a number on SQLite. */
export function insertedId(row: unknown): number {
  return typeof row === 'object' && row !== null ? Number((row as { id: number }).id) : Number(row);
}

/**
 * A unique index or primary key refused the row (SQLite's SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY, PostgreSQL's
 * 23505), through Knex or Objection.
 */
export function isUniqueViolation(err: unknown): boolean {
  // Objection wraps a driver's error it recognises (db-errors' UniqueViolationError) and keeps it as nativeError.
  const e = ((err as { nativeError?: unknown })?.nativeError ?? err) as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Serialises transactions that use the same key until they end. PostgreSQL: a transaction-level advisory lock.
 * SQLite: nothing to do as long as the transaction has written before it reads (a writing SQLite transaction
 * already excludes every other writer), which callers ensure.
 */
export async function lockForTransaction(trx: Knex.Transaction, key: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [key]);
}

/**
 * Locks the rows a read inside a transaction returns until it ends, for a read whose values the transaction
 * writes back (PostgreSQL's FOR UPDATE). SQLite needs nothing: its transactions begin IMMEDIATE and exclude every
 * other writer (db/connection.ts).
 */
export function forUpdate<Q extends { forUpdate(): unknown }>(trx: Knex, query: Q): Q {
  return dialectOf(trx) === 'postgres' ? (query.forUpdate() as Q) : query;
}

/** A bound timestamp in raw SQL where nothing else tells PostgreSQL its type (a CASE of parameters only). */
export function timestampParameter(db: Knex): string {
  return dialectOf(db) === 'postgres' ? '?::timestamptz' : '?';
}
