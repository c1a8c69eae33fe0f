// The analytics inbox: accepted events as they arrived (JSON), committed before the request is answered, then
// moved into the raw tables and the rollups by the drain (db/queries/analytics-ingest.ts, decision 007). One insert
// per group commit is what lets a process acknowledge tens of thousands of events a second without losing one.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('analytics_inbox', (t) => {
    t.bigIncrements('id');
    t.text('item').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('analytics_inbox');
}
