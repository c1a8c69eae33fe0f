// The drain of a SQLite inbox file in a worker thread (decision 026). Moving items into the tables (reading the
// inbox, the consent check, the rollups' arithmetic, the statements) took about a third of the JavaScript thread
// that also answers every visitor; in a thread of its own it runs beside them, on connections of its own. The
// worker runs the same FileInbox drain as a process would, so exactly-once holds as between processes.
import { Worker } from 'node:worker_threads';
import type { DrainResult } from './items.ts';

interface Request {
  id: number;
  limit: number;
}
export type DrainReply = { id: number; result: DrainResult } | { id: number; error: { message: string; code?: string } };

/** What the worker needs: the main database file. */
export interface DrainThreadData {
  databaseFile: string;
}

interface Pending {
  resolve: (result: DrainResult) => void;
  reject: (err: Error) => void;
}

/** The thread itself failed (it could not start, or it died), as opposed to a drain it ran and reported failed. */
export class DrainThreadFailed extends Error {}

interface Running {
  worker: Worker;
  /** This worker's unanswered calls: a worker that dies fails only its own. */
  pending: Map<number, Pending>;
}

/** The main thread's end: drain calls sent to the worker one message each; the worker started on first use. */
export class DrainThread {
  private running: Running | null = null;
  private nextId = 1;
  private readonly data: DrainThreadData;

  constructor(data: DrainThreadData) {
    this.data = data;
  }

  drain(limit: number): Promise<DrainResult> {
    const { worker, pending } = this.start();
    const id = this.nextId++;
    return new Promise<DrainResult>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      // Kept alive while a call is unanswered (a stop waits for the last drain); idle, it never holds the process.
      worker.ref();
      worker.postMessage({ id, limit } satisfies Request);
    });
  }

  /** Lets the worker finish its drain and close its connections, then ends it. */
  async close(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = null;
    const exited = new Promise((resolve) => running.worker.once('exit', resolve));
    running.worker.ref();
    running.worker.postMessage('close');
    await exited;
  }

  private start(): Running {
    if (this.running) return this.running;
    const worker = new Worker(new URL('./drain-worker.ts', import.meta.url), { workerData: this.data });
    const running: Running = { worker, pending: new Map() };
    worker.on('message', (reply: DrainReply) => {
      const waiting = running.pending.get(reply.id);
      running.pending.delete(reply.id);
      if (running.pending.size === 0) worker.unref();
      if ('result' in reply) waiting?.resolve(reply.result);
      else waiting?.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    const fail = (err: Error) => {
      if (this.running === running) this.running = null;
      for (const waiting of running.pending.values()) waiting.reject(new DrainThreadFailed(err.message));
      running.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The analytics drain thread stopped (${code})`)));
    // After the listeners: adding a 'message' listener refs the worker again.
    worker.unref();
    this.running = running;
    return running;
  }
}
