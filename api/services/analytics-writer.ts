// Group commit between the analytics endpoints and the database: a request is answered only once its item is
// committed, so an acknowledged event survives even `kill -9`. Items that arrive while a write runs wait together
// and go in the next one: one insert into the inbox per few milliseconds carries every request waiting, however
// many. The drain then moves inbox items into the raw tables and rollups in chunks, in the background: after each
// write, and every few seconds for what another process or a crashed one left (decisions 007 and 026).
//
// Failures: a batch the database refuses is written item by item, and only the requests whose own item is refused
// get an error. When the database is unreachable, the waiting requests get a 503 and, for retryMs, new ones get it
// at once instead of each waiting for a connection that will not come. Nothing is kept that was not committed.
import type { Knex } from 'knex';
import type { AnalyticsItem } from '#db/queries/analytics-ingest.ts';
import { openAnalyticsInbox, type AnalyticsInbox } from '#db/analytics-inbox/index.ts';
import { analyticsRefused, analyticsUnavailable } from '#api/errors.ts';

export interface AnalyticsWriterOptions {
  /** Items per transaction at most; more waiting go in the next one. */
  maxBatch?: number;
  /** Requests that may wait for a write; past this a request is refused (503) at once. */
  maxWaiting?: number;
  /** After finding the database unreachable, how long new items are refused before trying again. */
  retryMs?: number;
  /** Inbox items moved per drain transaction: small enough that inbox writes never wait long behind one. */
  drainChunk?: number;
  /** How often the inbox is drained without a write of this process asking for it. */
  drainEveryMs?: number;
  /** The inbox to commit to; by default the database's own (#db/analytics-inbox). */
  inbox?: AnalyticsInbox;
}

interface Waiting {
  item: AnalyticsItem;
  done: (err?: Error) => void;
}

/** How long after a write the inbox is drained. */
const DRAIN_DELAY_MS = 100;

export class AnalyticsWriter {
  private waiting: Waiting[] = [];
  private writing: Promise<void> | null = null;
  private unreachableUntil = 0;
  private closed = false;
  private readonly maxBatch: number;
  private readonly maxWaiting: number;
  private readonly retryMs: number;
  private readonly drainChunk: number;
  private readonly drainTimer: NodeJS.Timeout;
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  private drainSoon: NodeJS.Timeout | null = null;
  /** Where accepted items are committed before their requests are answered (#db/analytics-inbox). */
  readonly inbox: AnalyticsInbox;

  constructor(db: Knex, options: AnalyticsWriterOptions = {}) {
    this.inbox = options.inbox ?? openAnalyticsInbox(db, { drainThread: true });
    this.maxBatch = options.maxBatch ?? 5_000;
    this.maxWaiting = options.maxWaiting ?? 50_000;
    this.retryMs = options.retryMs ?? 5_000;
    this.drainChunk = options.drainChunk ?? 500;
    this.drainTimer = setInterval(() => void this.drain(), options.drainEveryMs ?? 2_000);
    this.drainTimer.unref();
  }

  /** Items accepted and not yet committed (or refused). */
  get size(): number {
    return this.waiting.length;
  }

  /** Resolves once the item is committed; rejects with an HttpError when it cannot be. */
  write(item: AnalyticsItem): Promise<void> {
    if (this.closed || Date.now() < this.unreachableUntil || this.waiting.length >= this.maxWaiting) {
      return Promise.reject(analyticsUnavailable());
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, done: (err) => (err ? reject(err) : resolve()) });
      // Items arriving during this turn of the event loop share the write that starts after it.
      this.writing ??= new Promise<void>((started) => setImmediate(started)).then(() => this.writeAll());
    });
  }

  /** Stops accepting items, waits for those already accepted, drains the inbox and closes it. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.drainTimer);
    if (this.drainSoon) clearTimeout(this.drainSoon);
    while (this.writing) await this.writing;
    await this.drain();
    await this.inbox.close();
  }

  /**
   * Moves inbox items into the tables until the inbox is empty; one drain at a time per process (a call meanwhile
   * makes the running one go round again). Resolves when done; failures are logged, the items stay for the next.
   */
  drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.drainAgain = false;
          for (;;) {
            const { refused, more } = await this.inbox.drain(this.drainChunk);
            if (refused > 0) console.error(`Analytics: ${refused} items refused by the database, dropped from the inbox`);
            // What arrives meanwhile waits for the next drain (DRAIN_DELAY_MS after a write): draining every few
            // items as they come costs a chunk's fixed work for each.
            if (!more) break;
          }
        } while (this.drainAgain);
      } catch (err) {
        if (!isTransient(err)) console.error('Analytics: the inbox could not be drained; it will be tried again:', (err as Error).message);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  private async writeAll(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        await this.writeBatch(batch);
      }
    } finally {
      this.writing = null;
    }
    // Drained a little later, in bigger chunks: each drain transaction costs a round of upserts whatever its size.
    if (!this.closed)
      this.drainSoon ??= setTimeout(() => {
        this.drainSoon = null;
        void this.drain();
      }, DRAIN_DELAY_MS);
  }

  private async writeBatch(batch: Waiting[]): Promise<void> {
    const items = batch.map((w) => w.item);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.inbox.enqueue(items);
        for (const w of batch) w.done();
        return;
      } catch (err) {
        if (isTransient(err) && attempt < 3) continue;
        if (await this.databaseReachable()) break;
        console.error(`Analytics: database unreachable, ${batch.length + this.waiting.length} items refused:`, (err as Error).message);
        this.unreachableUntil = Date.now() + this.retryMs;
        for (const w of [...batch, ...this.waiting.splice(0)]) w.done(analyticsUnavailable());
        return;
      }
    }
    // The database works but refused the batch: find the items it refuses; the others are written.
    let refused = 0;
    let lastError = '';
    for (const w of batch) {
      try {
        await this.inbox.enqueue([w.item]);
        w.done();
      } catch (err) {
        refused += 1;
        lastError = (err as Error).message;
        w.done(analyticsRefused());
      }
    }
    if (refused > 0) console.error(`Analytics: ${refused} items refused by the database:`, lastError);
  }

  private async databaseReachable(): Promise<boolean> {
    try {
      await this.inbox.ping();
      return true;
    } catch {
      return false;
    }
  }
}

/** A deadlock between processes (PostgreSQL) or a busy file (SQLite): trying again at once usually works. */
function isTransient(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === '40P01' || code === '40001' || !!code?.startsWith('SQLITE_BUSY');
}
