// A short in-memory queue between the analytics endpoints and the database: requests are answered at once
// and their items written in batches, every few hundred milliseconds or as soon as enough have gathered.
// close() writes what is left, so nothing accepted is lost on shutdown.
//
// Failures: when the database is unreachable, the items stay queued (up to maxPending, oldest dropped first)
// and the next attempt waits retryMs. When the database is fine but a batch is refused, the batch is written
// item by item and only the items refused on their own are dropped, so one bad item never blocks the rest.
import type { Knex } from 'knex';
import { ping } from '#db/connection.ts';
import { persistAnalytics, type AnalyticsItem } from '#db/queries/analytics-ingest.ts';

export interface AnalyticsQueueOptions {
  flushIntervalMs?: number;
  maxBatch?: number;
  /** Items kept while the database is unreachable; beyond this the oldest are dropped (and counted in the log). */
  maxPending?: number;
  retryMs?: number;
}

export class AnalyticsQueue {
  private pending: AnalyticsItem[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** A write is queued or running: pushes leave the new items to it instead of asking for another. */
  private busy = false;
  private retryAt = 0;
  private dropped = 0;
  private closed = false;
  private readonly flushIntervalMs: number;
  private readonly maxBatch: number;
  private readonly maxPending: number;
  private readonly retryMs: number;
  private readonly db: Knex;

  constructor(db: Knex, options: AnalyticsQueueOptions = {}) {
    this.db = db;
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.maxBatch = options.maxBatch ?? 500;
    this.maxPending = options.maxPending ?? 50_000;
    this.retryMs = options.retryMs ?? 5_000;
  }

  get size(): number {
    return this.pending.length;
  }

  push(item: AnalyticsItem): void {
    if (this.closed) throw new Error('The analytics queue is closed.');
    this.pending.push(item);
    if (this.pending.length > this.maxPending) {
      this.pending.shift();
      this.dropped += 1;
    }
    // A write queued or running takes the new item with it; while waiting to retry, the retry timer is set.
    if (this.busy || Date.now() < this.retryAt) return;
    if (this.pending.length >= this.maxBatch) void this.flush();
    else this.schedule(this.flushIntervalMs);
  }

  /** Writes everything queued so far; writes run one after another, in arrival order. */
  flush(): Promise<void> {
    this.busy = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  /** Stops accepting items and writes the rest. */
  async close(): Promise<void> {
    this.closed = true;
    this.retryAt = 0;
    await this.flush();
  }

  private schedule(delayMs: number): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs).unref();
  }

  private async writePending(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.slice(0, this.maxBatch);
        const written = await this.write(batch);
        if (!written) {
          // The database is unreachable: keep everything and try again later.
          this.retryAt = Date.now() + this.retryMs;
          if (!this.closed) this.schedule(this.retryMs);
          return;
        }
        this.pending.splice(0, batch.length);
      }
      this.retryAt = 0;
    } finally {
      this.busy = false;
      if (this.dropped > 0) {
        console.error(`Analytics: ${this.dropped} queued items dropped while the database was unreachable.`);
        this.dropped = 0;
      }
    }
  }

  /** true once the batch is dealt with (written, or its refused items dropped); false if the database is down. */
  private async write(batch: AnalyticsItem[]): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await persistAnalytics(this.db, batch);
        return true;
      } catch (err) {
        if (isTransient(err) && attempt < 3) continue;
        if (await this.databaseReachable()) break;
        console.error(`Analytics: database unreachable, ${this.pending.length} items kept for later:`, (err as Error).message);
        return false;
      }
    }
    // The database works but refused the batch: find the items it refuses and drop only those.
    let refused = 0;
    let lastError = '';
    for (const item of batch) {
      try {
        await persistAnalytics(this.db, [item]);
      } catch (err) {
        refused += 1;
        lastError = (err as Error).message;
      }
    }
    if (refused > 0) console.error(`Analytics: ${refused} items refused by the database and dropped:`, lastError);
    return true;
  }

  private async databaseReachable(): Promise<boolean> {
    try {
      await ping(this.db);
      return true;
    } catch {
      return false;
    }
  }
}

/** A deadlock between processes (PostgreSQL) or a busy file (SQLite): trying again at once usually works. */
function isTransient(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY';
}
