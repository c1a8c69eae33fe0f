// Every column of ads is classified for the catalog version (docs/decisions/021-render-cache.md), on both databases:
// watched by the triggers (AD_PUBLIC_COLUMNS), a counter that changes on every visit (AD_COUNTER_COLUMNS), or left
// unwatched on purpose for the reason given here. A column added to ads fails this test until it is put in one of them;
// a watched one also needs a migration that recreates the triggers with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { AD_COUNTER_COLUMNS, AD_PUBLIC_COLUMNS } from './014-catalog-version.ts';

/** Columns of ads the triggers do not watch although they are not counters, each with why no public page needs it. */
const AD_UNWATCHED_COLUMNS: Record<string, string> = {
  photos_verified_at: 'written only together with photos_verified, which is watched (022, decision 033)',
  paused_at: 'written only together with state (paused), which is watched (040, decision 068)',
  review_score: 'staff read it in the review queue; written only together with review_flags (031, decision 043)',
};
/** PostgreSQL only: generated from search_text, which is watched (001). */
const POSTGRES_GENERATED = ['search_vector'];

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

/** The columns whose update fires the catalog trigger of ads, as the migrated database has it. */
async function watchedColumns(): Promise<string[]> {
  if (t.dialect === 'postgres') {
    const rows: { column: string }[] = await t
      .db('information_schema.triggered_update_columns')
      .where({ trigger_name: 'catalog_ads', event_object_table: 'ads' })
      .whereRaw('event_object_schema = current_schema()')
      .select('event_object_column as column');
    return rows.map((r) => r.column);
  }
  const trigger = await t.db('sqlite_master').where({ type: 'trigger', name: 'catalog_ads_update' }).first('sql');
  // SQLite drops a table's triggers when Knex rebuilds the table (some alterTable changes do): they must be made again.
  expect(trigger, 'the trigger catalog_ads_update exists').toBeDefined();
  const list = /AFTER UPDATE OF (.+?) ON ads/is.exec(trigger.sql)![1]!;
  return list.split(',').map((c) => c.trim());
}

describe('the catalog version and the columns of ads', () => {
  it('classifies every column of ads: watched, a counter, or unwatched for a stated reason', async () => {
    const columns = Object.keys(await t.db('ads').columnInfo())
      .filter((c) => !(t.dialect === 'postgres' && POSTGRES_GENERATED.includes(c)))
      .sort();
    const classified = [...AD_PUBLIC_COLUMNS, ...AD_COUNTER_COLUMNS, ...Object.keys(AD_UNWATCHED_COLUMNS)];
    expect(new Set(classified).size, 'a column is in two of the lists').toBe(classified.length);
    expect(
      classified.sort(),
      'every column of ads must be in AD_PUBLIC_COLUMNS (with a migration that recreates the triggers), in AD_COUNTER_COLUMNS or in AD_UNWATCHED_COLUMNS with its reason',
    ).toEqual(columns);
  });

  it('watches with its triggers exactly the columns of AD_PUBLIC_COLUMNS', async () => {
    expect((await watchedColumns()).sort()).toEqual([...AD_PUBLIC_COLUMNS].sort());
  });
});
