// The inbox of a SQLite database: a SQLite file of its own beside the database file (decision 026). SQLite lets one
// connection write a file at a time; with the inbox in the main file, every drain transaction (about fifteen
// statements, tens of milliseconds) held the lock that acknowledging events waits for. Here inserts take the inbox
// file's lock and the drain the main file's, so neither waits for the other. A row of the file is one group commit
// (every item the writer committed together, as one JSON array): one short statement with one value per commit,
// however many items it carries.
//
// Exactly once without a transaction across two files: the main database keeps, per inbox file, the id of the last
// item moved (analytics_inbox_marks), and a drain chunk advances it in the transaction that writes the chunk, from
// the value it read to the chunk's last id (a compare-and-set: a process that finds it moved meanwhile reads again).
// Items up to the mark are then deleted from the inbox; a crash before that leaves them, and they are skipped.
// Ids only grow (AUTOINCREMENT), and SQLite commits one writer at a time, so once an id is visible every smaller id
// is too: the items above the mark are exactly those not yet moved. The mark is keyed by an identity the inbox file
// draws when it is created, so a new inbox file (the old one deleted) starts from zero instead of skipping items.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { sqliteConfig } from '#db/connection.ts';
import { isRefusal, writeAnalyticsItems, type AnalyticsItem } from '#db/queries/analytics-ingest.ts';
import type { AnalyticsInbox } from './index.ts';
import { fromInbox, toInbox, type DrainResult } from './items.ts';
import { TableInbox } from './table-inbox.ts';
import { DrainThread, DrainThreadFailed } from './drain-thread.ts';

/** The inbox file of a SQLite database file (`velada.sqlite` -> `velada.inbox.sqlite`); none for other databases. */
export function inboxFileOf(db: Knex): string | null {
  if (db.client.config.client === 'pg') return null;
  const filename = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  if (!filename || filename === ':memory:' || filename.startsWith('file:')) return null;
  return filename.replace(/(\.sqlite3?|\.db)?$/, '.inbox.sqlite');
}

/** Compare-and-set attempts per drain call when other processes keep moving the mark. */
const CLAIM_ATTEMPTS = 5;
/** Inbox rows (group commits) moved between two deletes of the moved rows, unless the drain catches up first. */
const FORGET_EVERY = 1_000;
/** Rows looked at to choose a drain chunk. */
const CHUNK_LOOKAHEAD = 200;

type Row = { id: number; items: string };

interface Opened {
  inbox: Knex;
  identity: string;
}

export class FileInbox implements AnalyticsInbox {
  private opened: Promise<Opened> | null = null;
  /**
   * This object's inbox writes, one at a time: two of its connections would wait in SQLite's busy handler. (The
   * drain thread's deletes come from another object; they are rare, in bulk, for inserts to meet them seldom.)
   */
  private writes: Promise<unknown> = Promise.resolve();
  /** Items up to this id are known deleted from the inbox. */
  private forgotten = 0;
  /** What an older version left in the main database's inbox table, drained first. */
  private legacy: TableInbox | null;
  private readonly db: Knex;
  private readonly file: string;

  /** Where drain calls run: a worker thread of this inbox (./drain-thread.ts), or here. */
  private thread: DrainThread | null;

  constructor(db: Knex, file: string, options: { drainThread?: boolean } = {}) {
    this.db = db;
    this.file = file;
    this.legacy = new TableInbox(db);
    const databaseFile = (db.client.config.connection as { filename: string }).filename;
    this.thread = options.drainThread ? new DrainThread({ databaseFile }) : null;
  }

  enqueue(items: AnalyticsItem[]): Promise<void> {
    const row = { n: items.length, items: toInbox(items) };
    return this.write(async ({ inbox }) => {
      await inbox.raw('insert into analytics_inbox (n, items) values (?, ?)', [row.n, row.items]);
    });
  }

  async drain(limit: number): Promise<DrainResult> {
    if (this.thread) {
      try {
        return await this.thread.drain(limit);
      } catch (err) {
        if (!(err instanceof DrainThreadFailed)) throw err;
        // A thread that cannot run (or died) must not leave the inbox growing: this process drains it from now on.
        console.error(`Analytics: the drain thread failed (${err.message}); draining in the main thread`);
        this.thread = null;
      }
    }
    if (this.legacy) {
      const moved = await this.legacy.drain(limit);
      if (moved.taken > 0) return { ...moved, more: true }; // the file's items follow
      this.legacy = null;
    }
    const { identity } = await this.open();
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const mark = await this.markOf(identity);
      // What an earlier process (or a crash) left behind, once; later chunks delete what they move, in bulk.
      if (this.forgotten === 0) await this.forget(mark);
      const { rows, more } = await this.chunkAfter(mark, limit);
      if (rows.length === 0) return { taken: 0, refused: 0, more: false };
      const last = rows[rows.length - 1]!.id;
      const items = rows.flatMap((row) => fromInbox(row.items));
      let claimed = false;
      let refused = 0;
      try {
        await this.db.transaction(async (trx) => {
          claimed = await claim(trx, identity, mark, last);
          if (claimed) await writeAnalyticsItems(trx, items);
        });
      } catch (err) {
        if (!isRefusal(err)) throw err;
        // Some item is refused: the chunk again, each item in a savepoint of its own, the refused ones left out.
        await this.db.transaction(async (trx) => {
          claimed = await claim(trx, identity, mark, last);
          if (claimed) refused = await writeEachAlone(trx, items);
        });
      }
      if (claimed) {
        // Deleting is a write on the inbox file, which acknowledging events waits for: in bulk, or when caught up.
        if (!more || last - this.forgotten >= FORGET_EVERY) await this.forget(last);
        return { taken: items.length, refused, more };
      }
    }
    // Other processes keep taking the chunks first: they are draining.
    return { taken: 0, refused: 0, more: false };
  }

  async pending(): Promise<number> {
    const { inbox, identity } = await this.open();
    const mark = await this.markOf(identity);
    return Number(
      ((await inbox.raw('select coalesce(sum(n), 0) as n from analytics_inbox where id > ?', [mark])) as { n: number }[])[0]!.n,
    );
  }

  async ping(): Promise<void> {
    const { inbox } = await this.open();
    await inbox.raw('select 1');
  }

  async close(): Promise<void> {
    await this.thread?.close();
    const opened = this.opened;
    this.opened = null;
    if (opened) await (await opened.catch(() => null))?.inbox.destroy();
  }

  /**
   * The oldest rows after `mark`: at least one, and no more items than `limit` unless the first row alone has more;
   * `more` when rows were left after them.
   */
  private async chunkAfter(mark: number, limit: number): Promise<{ rows: Row[]; more: boolean }> {
    const { inbox } = await this.open();
    type Head = { id: number; n: number };
    const heads = (await inbox.raw('select id, n from analytics_inbox where id > ? order by id limit ?', [
      mark,
      CHUNK_LOOKAHEAD,
    ])) as Head[];
    if (heads.length === 0) return { rows: [], more: false };
    let count = 0;
    let used = 0;
    for (const head of heads) {
      if (count > 0 && count + head.n > limit) break;
      count += head.n;
      used += 1;
    }
    const last = heads[used - 1]!.id;
    const rows = (await inbox.raw('select id, items from analytics_inbox where id > ? and id <= ? order by id', [mark, last])) as Row[];
    return { rows, more: used < heads.length || heads.length === CHUNK_LOOKAHEAD };
  }

  private async markOf(identity: string): Promise<number> {
    const row = await this.db('analytics_inbox_marks').where('inbox', identity).first('last_id');
    // Made when the file is opened; made again if it went missing, or no chunk could ever be claimed.
    if (!row) await this.db('analytics_inbox_marks').insert({ inbox: identity, last_id: 0 }).onConflict('inbox').ignore();
    return Number(row?.last_id ?? 0);
  }

  /** Deletes the moved items up to `mark` from the inbox file, once per mark. */
  private async forget(mark: number): Promise<void> {
    if (mark <= this.forgotten) return;
    await this.write(({ inbox }) => inbox('analytics_inbox').where('id', '<=', mark).delete());
    this.forgotten = Math.max(this.forgotten, mark);
  }

  private write<T>(work: (opened: Opened) => Promise<T>): Promise<T> {
    const done = this.writes.then(async () => work(await this.open()));
    this.writes = done.catch(() => undefined);
    return done;
  }

  /** Opens the inbox file on first use, creating it and its identity if needed; a failure is tried again next time. */
  private open(): Promise<Opened> {
    this.opened ??= openInboxFile(this.db, this.file).catch((err) => {
      this.opened = null;
      throw err;
    });
    return this.opened;
  }
}

async function openInboxFile(db: Knex, file: string): Promise<Opened> {
  // The database file's folder: without it the pool would try to open the file until its timeout.
  if (!fs.existsSync(path.dirname(file))) throw new Error(`The analytics inbox's folder does not exist: ${path.dirname(file)}`);
  // Visitors' events: readable by this user only, like the database file (api/main.ts, secureDataDir). SQLite gives
  // its -wal and -shm files the permissions of the file.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const config = sqliteConfig(file);
  const inbox = knexFactory({ ...config, pool: { ...config.pool, min: 1, max: 2 } });
  try {
    const identity = await inbox.transaction(async (trx) => {
      await trx.raw(
        'create table if not exists analytics_inbox (id integer primary key autoincrement, n integer not null, items text not null)',
      );
      await trx.raw('create table if not exists inbox_identity (id text not null)');
      const row = (await trx('inbox_identity').first('id')) as { id: string } | undefined;
      if (row) return row.id;
      const id = crypto.randomUUID();
      await trx('inbox_identity').insert({ id });
      return id;
    });
    await db('analytics_inbox_marks').insert({ inbox: identity, last_id: 0 }).onConflict('inbox').ignore();
    return { inbox, identity };
  } catch (err) {
    await inbox.destroy();
    throw err;
  }
}

/** Writes each item in a savepoint of its own; returns how many the database refused (those are left out). */
async function writeEachAlone(trx: Knex.Transaction, items: AnalyticsItem[]): Promise<number> {
  let refused = 0;
  for (const item of items) {
    try {
      await trx.transaction((savepoint) => writeAnalyticsItems(savepoint, [item]));
    } catch (err) {
      if (!isRefusal(err)) throw err;
      refused += 1;
    }
  }
  return refused;
}

/** Moves the mark from `from` to `to` inside `trx`; false when another process moved it first. */
async function claim(trx: Knex.Transaction, identity: string, from: number, to: number): Promise<boolean> {
  const changed = await trx('analytics_inbox_marks').where({ inbox: identity, last_id: from }).update({ last_id: to });
  return changed === 1;
}
