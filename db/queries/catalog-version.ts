// The catalog version (db/migrations/014-catalog-version.ts): triggers raise it with every write that can change a
// public page; cached pages rendered at an older version are not served again.
import type { Knex } from 'knex';

export async function readCatalogVersion(db: Knex): Promise<number> {
  const row = (await db('catalog_version').where('id', 1).first('version')) as { version: number | string } | undefined;
  return Number(row?.version ?? 0);
}
