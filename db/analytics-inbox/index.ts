// The analytics inbox: accepted events as they arrived, committed before the visitor's request is answered, then
// moved by the drain into the raw tables and rollups (decisions 007 and 026). Two kinds, one interface:
// - SQLite with a database file: an inbox file of its own beside it (./file-inbox.ts), so that acknowledging events
//   never waits for the drain's transactions on the main file's one write lock;
// - PostgreSQL (and an in-memory SQLite): a table of the main database (./table-inbox.ts).
import type { Knex } from 'knex';
import type { AnalyticsItem } from '#db/queries/analytics-ingest.ts';
import { FileInbox, inboxFileOf } from './file-inbox.ts';
import { TableInbox } from './table-inbox.ts';
import type { DrainResult } from './items.ts';

export type { DrainResult };

export interface AnalyticsInbox {
  /** Commits the items to the inbox: once this resolves they are kept, whatever crashes next. */
  enqueue(items: AnalyticsItem[]): Promise<void>;
  /** Moves up to `limit` of the oldest items into the tables, each counted exactly once across processes. */
  drain(limit: number): Promise<DrainResult>;
  /** Items accepted and not yet moved. */
  pending(): Promise<number>;
  /** Rejects when the inbox's storage cannot be reached. */
  ping(): Promise<void>;
  /** Releases what the inbox opened (not the main database). */
  close(): Promise<void>;
}

/**
 * The inbox for a database handle: a file beside a SQLite database file, a table otherwise. With `drainThread`, a
 * file inbox drains in a worker thread of its own (what a serving process wants; ./drain-thread.ts).
 */
export function openAnalyticsInbox(db: Knex, options: { drainThread?: boolean } = {}): AnalyticsInbox {
  const file = inboxFileOf(db);
  return file ? new FileInbox(db, file, options) : new TableInbox(db);
}
