// How far the drain has read each SQLite inbox file (db/analytics-inbox/file-inbox.ts, decision 026): the id of the
// last item moved into the tables, written in the transaction that moves it, so an item is counted once whatever
// crashes when. Keyed by the file's identity: a new inbox file starts from zero instead of skipping its first items.
import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('analytics_inbox_marks', (t) => {
    t.string('inbox', 64).primary();
    t.bigInteger('last_id').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('analytics_inbox_marks');
}
