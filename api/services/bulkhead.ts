// A bulkhead: at most `concurrency` jobs of one kind run at a time in this process, up to `maxWaiting` more wait
// for a place (each at most `maxWaitMs`), and the rest are refused at once with the kind's 503. It bounds the
// memory and the threads one kind of work can take, so that a burst of it cannot stall everything else.
import type { HttpError } from '#api/errors.ts';

export class Bulkhead {
  private active = 0;
  private readonly waiting: { resolve: () => void; timer: NodeJS.Timeout | null }[] = [];
  readonly concurrency: number;
  readonly maxWaiting: number;
  private readonly maxWaitMs: number;
  private readonly busy: () => HttpError;

  constructor(options: { concurrency: number; maxWaiting: number; maxWaitMs?: number; busy: () => HttpError }) {
    this.concurrency = options.concurrency;
    this.maxWaiting = options.maxWaiting;
    this.maxWaitMs = options.maxWaitMs ?? 0;
    this.busy = options.busy;
  }

  /** Runs `job` when a place is free; throws the busy error when the queue is full or the wait too long. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) this.active++;
    else if (this.waiting.length < this.maxWaiting) await this.wait();
    else throw this.busy();
    try {
      return await job();
    } finally {
      // The place passes straight to the next waiting job, or is given back.
      const next = this.waiting.shift();
      if (next) {
        if (next.timer) clearTimeout(next.timer);
        next.resolve();
      } else this.active--;
    }
  }

  private wait(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: { resolve: () => void; timer: NodeJS.Timeout | null } = { resolve, timer: null };
      if (this.maxWaitMs > 0) {
        entry.timer = setTimeout(() => {
          const index = this.waiting.indexOf(entry);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(this.busy());
        }, this.maxWaitMs);
      }
      this.waiting.push(entry);
    });
  }

  get size(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}
