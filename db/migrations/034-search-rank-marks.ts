// Search ranks kept by the database (docs/decisions/050-ranking.md): every write that changes what an ad's stored
// rank is computed from (its state, plan, plan end or category; an insert; a delete) leaves a mark naming the ad and
// the category whose turns it may move, in the same transaction, through triggers, as the catalog version is raised
// (014-catalog-version.ts). Readers of ranks apply the marks before reading (db/queries/search-rank.ts,
// refreshMarkedRanks), so no path (routes, jobs, the CLI, SQL by hand) can forget to refresh a rank.
//
// A mark is a row of its own, with no unique key: writers only insert (no lock to wait for, no deadlock with the
// catalog version's), and a refresh deletes the marks it applies.
import type { Knex } from 'knex';

/** The columns of ads that ranks are computed from, besides the id (shared/ranking.ts, db/queries/search-rank.ts). */
export const RANK_INPUT_COLUMNS = ['state', 'plan', 'plan_expires_at', 'category'];

const MARK = (row: 'OLD' | 'NEW') => `INSERT INTO search_rank_marks (ad_id, category) VALUES (${row}.id, ${row}.category)`;

async function sqliteTriggers(db: Knex): Promise<void> {
  const changed = RANK_INPUT_COLUMNS.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  await db.raw(`CREATE TRIGGER search_rank_marks_insert AFTER INSERT ON ads BEGIN ${MARK('NEW')}; END`);
  // A move to another category also leaves a gap in the old category's turns.
  await db.raw(
    `CREATE TRIGGER search_rank_marks_update AFTER UPDATE OF ${RANK_INPUT_COLUMNS.join(', ')} ON ads WHEN ${changed}
     BEGIN
       ${MARK('NEW')};
       INSERT INTO search_rank_marks (ad_id, category) SELECT OLD.id, OLD.category WHERE OLD.category IS NOT NEW.category;
     END`,
  );
  await db.raw(`CREATE TRIGGER search_rank_marks_delete AFTER DELETE ON ads BEGIN ${MARK('OLD')}; END`);
}

async function postgresTriggers(db: Knex): Promise<void> {
  await db.raw(`
    CREATE FUNCTION search_rank_mark() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'DELETE' THEN
        ${MARK('NEW')};
      END IF;
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.category IS DISTINCT FROM NEW.category) THEN
        ${MARK('OLD')};
      END IF;
      RETURN NULL;
    END $$`);
  const changed = RANK_INPUT_COLUMNS.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  await db.raw(`CREATE TRIGGER search_rank_marks AFTER INSERT OR DELETE ON ads FOR EACH ROW EXECUTE FUNCTION search_rank_mark()`);
  await db.raw(
    `CREATE TRIGGER search_rank_marks_update AFTER UPDATE OF ${RANK_INPUT_COLUMNS.join(', ')} ON ads
       FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION search_rank_mark()`,
  );
}

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('search_rank_marks', (t) => {
    t.bigIncrements('id');
    // No foreign key: a deleted ad's mark stays, for the turns of its category.
    t.integer('ad_id').notNullable();
    t.string('category', 32).notNullable();
  });
  if (db.client.config.client === 'pg') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg') {
    await db.raw('DROP TRIGGER IF EXISTS search_rank_marks ON ads');
    await db.raw('DROP TRIGGER IF EXISTS search_rank_marks_update ON ads');
    await db.raw('DROP FUNCTION IF EXISTS search_rank_mark()');
  } else {
    for (const event of ['insert', 'update', 'delete']) await db.raw(`DROP TRIGGER IF EXISTS search_rank_marks_${event}`);
  }
  await db.schema.dropTable('search_rank_marks');
}
