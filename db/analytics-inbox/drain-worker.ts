// The worker of ./drain-thread.ts: a connection to the main database and the inbox file of its own, draining on
// request, one call at a time (the messages wait in order), until told to close.
import { parentPort, workerData } from 'node:worker_threads';
import knexFactory from 'knex';
import { sqliteConfig } from '#db/connection.ts';
import type { DrainReply, DrainThreadData } from './drain-thread.ts';
import { FileInbox, inboxFileOf } from './file-inbox.ts';

const { databaseFile } = workerData as DrainThreadData;
const db = knexFactory(sqliteConfig(databaseFile));
const inbox = new FileInbox(db, inboxFileOf(db)!, { drainThread: false });
let queue: Promise<unknown> = Promise.resolve();

parentPort!.on('message', (message: { id: number; limit: number } | 'close') => {
  queue = queue.then(async () => {
    if (message === 'close') {
      await inbox.close();
      await db.destroy();
      // The thread ends by itself once nothing is left to run: its connections are closed and their statements
      // released first. process.exit() here would tear the thread down with better-sqlite3's objects still alive,
      // which can crash the whole process (SIGSEGV) when their finalizers run during the teardown.
      parentPort!.close();
      return;
    }
    let reply: DrainReply;
    try {
      reply = { id: message.id, result: await inbox.drain(message.limit) };
    } catch (err) {
      const { message: text, code } = err as Error & { code?: string };
      reply = { id: message.id, error: { message: text, code } };
    }
    parentPort!.postMessage(reply);
  });
});
