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

/** The main thread's end: drain calls sent to the worker one message each; the worker started on first use. */
export class DrainThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly data: DrainThreadData;

  constructor(data: DrainThreadData) {
    this.data = data;
  }

  drain(limit: number): Promise<DrainResult> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<DrainResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, limit } satisfies Request);
    });
  }

  /** Lets the worker finish its drain and close its connections, then ends it. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./drain-worker.ts', import.meta.url), { workerData: this.data });
    // The worker never keeps the process alive: a process that ends without closing the inbox just stops draining.
    worker.unref();
    worker.on('message', (reply: DrainReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('result' in reply) waiting?.resolve(reply.result);
      else waiting?.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The analytics drain thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }
}
