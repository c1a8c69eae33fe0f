// One lane for the table inbox's database work (./table-inbox.ts): inbox inserts and drain chunks run one at a time
// (on SQLite they share the one write lock; run side by side, one of them sleeps in SQLite's busy handler instead of
// waking when the lock is free).
//
// Inserts go first, since visitors' requests wait for them. Drain chunks run when no insert waits and, under
// continuous inserts, still get `backgroundShare` of the lane's time, so the inbox keeps moving during a burst and
// empties once it ends. Taking strict turns instead gave every drain chunk of 500 items one insert of at most a
// connection's worth of requests, which held acceptance to a tenth of what the lane can insert.

interface Task {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** Background time the lane may owe at most: after a quiet spell, the drain still waits its share. */
const MAX_CREDIT_MS = 50;

export class WriteLane {
  private readonly urgent: Task[] = [];
  private readonly background: Task[] = [];
  private busy = false;
  /** Milliseconds of background work earned by urgent work; spent by background work run while inserts wait. */
  private credit = 0;
  private readonly creditPerUrgentMs: number;

  constructor(options: { backgroundShare?: number } = {}) {
    const share = options.backgroundShare ?? 0.35;
    this.creditPerUrgentMs = share / (1 - share);
  }

  /** Runs `work` when the lane is free, before any background work that has not started. */
  urgently<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(this.urgent, work);
  }

  /** Runs `work` when no urgent work waits, or when the background's share of time allows it. */
  inBackground<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(this.background, work);
  }

  private enqueue<T>(queue: Task[], work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.busy) return;
    const background = this.background.length > 0 && (this.urgent.length === 0 || this.credit > 0);
    const task = background ? this.background.shift() : this.urgent.shift();
    if (!task) return;
    this.busy = true;
    const started = performance.now();
    let work: Promise<unknown>;
    try {
      work = task.work();
    } catch (err) {
      work = Promise.reject(err);
    }
    work.then(task.resolve, task.reject).finally(() => {
      const took = performance.now() - started;
      if (background) this.credit = Math.max(this.credit - took, -MAX_CREDIT_MS);
      else this.credit = Math.min(this.credit + took * this.creditPerUrgentMs, MAX_CREDIT_MS);
      this.busy = false;
      this.next();
    });
  }
}
