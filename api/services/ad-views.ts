// Views of ad pages answered from the render cache, added up per ad in memory and written once a second in one
// transaction: at thousands of hits a second, a write per view made the database the limit of a cached page.
// A crash loses at most the last second's views (a counter shown to the advertiser, not a record anyone relies on).
import type { Knex } from 'knex';
import { addAdViews } from '#db/queries/ad-page.ts';

export class AdViewCounter {
  private pending = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly db: Knex;

  constructor(db: Knex, flushEveryMs = 1_000) {
    this.db = db;
    this.timer = setInterval(() => void this.flush(), flushEveryMs);
    this.timer.unref();
  }

  count(adId: number): void {
    this.pending.set(adId, (this.pending.get(adId) ?? 0) + 1);
  }

  /** Writes what was counted; a failed write keeps the counts for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const views = this.pending;
      this.pending = new Map();
      try {
        await addAdViews(this.db, views);
      } catch (err) {
        for (const [id, n] of views) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        console.error('Ad views could not be written; kept for the next try:', (err as Error).message);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
