// Image work (decoding and re-encoding uploads) runs a bounded number of jobs at a time per process, with a short
// queue; past it, uploads are answered 503 with Retry-After instead of piling up memory and starving the rest of
// the server. libvips runs each job on one thread without its operation cache, so two jobs use two of the
// libuv pool's threads at most (api/threadpool.ts makes that pool larger than Node's 4), and SQLite and file
// reads always have threads left.
import sharp from 'sharp';
import { imagesBusy } from '#api/errors.ts';
import { Bulkhead } from './bulkhead.ts';

sharp.concurrency(1);
sharp.cache(false);

/** The process's image jobs: two at a time, eight waiting. */
export const imageJobs = new Bulkhead({ concurrency: 2, maxWaiting: 8, busy: imagesBusy });
