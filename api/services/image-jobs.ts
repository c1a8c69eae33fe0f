// Image work (decoding and re-encoding uploads) runs a bounded number of jobs at a time per process, with a short
// queue; past it, uploads are answered 503 with Retry-After instead of piling up memory and starving the rest of
// the server. libvips runs each job on one thread without its operation cache, so two jobs use two of the
// libuv pool's threads at most (api/threadpool.ts makes that pool larger than Node's 4), and SQLite and file
// reads always have threads left.
import sharp from 'sharp';
import { HttpError } from '../errors.ts';

sharp.concurrency(1);
sharp.cache(false);

export const imagesBusy = () =>
  new HttpError(503, 'images_busy', 'Estamos procesando muchas imágenes en este momento. Probá de nuevo en unos segundos.', undefined, 5);

export class ImageJobs {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  readonly concurrency: number;
  readonly maxWaiting: number;
  constructor(concurrency: number, maxWaiting: number) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
  }

  /** Runs `job` when a place is free; throws imagesBusy() at once when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) this.active++;
    else if (this.waiting.length < this.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw imagesBusy();
    try {
      return await job();
    } finally {
      // The place passes straight to the next waiting job, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get size(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}

/** The process's image jobs: two at a time, eight waiting. */
export const imageJobs = new ImageJobs(2, 8);
