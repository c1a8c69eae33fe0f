// The analytics inbox on SQLite (a file of its own, drained with a mark kept in the main database) and on
// PostgreSQL (a table): every committed item reaches the tables exactly once, with several processes draining at
// once, after a crash between a drain's commit and its clean-up, with a new inbox file, and from an older version's
// inbox table.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { clearAnalytics, countRows } from '#tooling/testing/analytics.ts';
import type { EventItem } from '#db/queries/analytics-ingest.ts';
import { openAnalyticsInbox, type AnalyticsInbox } from './index.ts';
import { inboxFileOf } from './file-inbox.ts';
import { toInbox } from './items.ts';
import { DrainThread, DrainThreadFailed } from './drain-thread.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());
beforeEach(() => clearAnalytics(t.db));

const event = (name: string): EventItem => ({
  kind: 'event',
  at: new Date(),
  visitorId: '22222222-0000-4000-8000-000000000001',
  sessionId: '22222222-0000-4000-8000-000000000002',
  eventName: name,
  eventData: null,
  pagePath: '/',
});
const events = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => event(`${prefix}${i}`));

async function drainAll(inbox: AnalyticsInbox, limit = 50): Promise<number> {
  let taken = 0;
  for (let moved; (moved = (await inbox.drain(limit)).taken) > 0;) taken += moved;
  return taken;
}

const storedNames = () => t.db('analytics_events').orderBy('id').pluck('event_name') as Promise<string[]>;

describe('the analytics inbox', () => {
  it('keeps what it took, in order, and moves each item into the tables once', async () => {
    const inbox = openAnalyticsInbox(t.db);
    await inbox.enqueue(events('a', 3));
    await inbox.enqueue(events('b', 1_500)); // more than one statement's worth
    expect(await inbox.pending()).toBe(1_503);
    expect(await drainAll(inbox, 400)).toBe(1_503);
    expect(await inbox.pending()).toBe(0);
    const names = await storedNames();
    expect(names.slice(0, 4)).toEqual(['a0', 'a1', 'a2', 'b0']);
    expect(new Set(names).size).toBe(1_503);
    expect(Number((await t.db('analytics_daily_totals').sum({ n: 'events' }).first())?.n)).toBe(1_503);
    await inbox.close();
  });

  it('counts every item once when two processes drain the same inbox at the same time', async () => {
    // A handle of its own for the second "process": its own connections, its own inbox object.
    const other = knexFactory({ ...t.db.client.config, ...(t.schema ? { searchPath: [t.schema] } : {}) });
    const mine = openAnalyticsInbox(t.db);
    const theirs = openAnalyticsInbox(other);
    for (let commit = 0; commit < 60; commit++) await mine.enqueue(events(`x${commit}-`, 10));
    const [a, b] = await Promise.all([drainAll(mine, 25), drainAll(theirs, 25)]);
    expect(a + b).toBe(600);
    expect(await countRows(t.db, 'analytics_events')).toBe(600);
    expect(new Set(await storedNames()).size).toBe(600);
    await mine.close();
    await theirs.close();
    await other.destroy();
  });
});

describe.runIf(process.env.VELADA_TEST_DIALECT !== 'postgres')('the inbox file of a SQLite database', () => {
  it('lives beside the database file, readable by its owner only, and none is used for an in-memory database', async () => {
    const file = inboxFileOf(t.db)!;
    expect(file).toBe(t.url.slice('sqlite:'.length).replace(/\.sqlite$/, '.inbox.sqlite'));
    const inbox = openAnalyticsInbox(t.db);
    await inbox.enqueue([event('uno')]);
    for (const suffix of ['', '-wal']) expect((fs.statSync(file + suffix).mode & 0o777).toString(8)).toBe('600');
    await drainAll(inbox);
    await inbox.close();
    const memory = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    expect(inboxFileOf(memory)).toBeNull();
    void memory.destroy();
  });

  it('skips the items a drain committed but a crash kept it from deleting, and deletes them then', async () => {
    const inbox = openAnalyticsInbox(t.db);
    await inbox.enqueue(events('c', 5));
    expect(await drainAll(inbox)).toBe(5);
    // As if the process had died between the drain's commit and the clean-up: the items are back in the file.
    const file = knexFactory({ client: 'better-sqlite3', connection: { filename: inboxFileOf(t.db)! }, useNullAsDefault: true });
    const mark = Number((await t.db('analytics_inbox_marks').max({ m: 'last_id' }).first())!.m);
    await file('analytics_inbox').insert({ id: mark, n: 5, items: toInbox(events('c', 5)) });
    await inbox.close();

    const restarted = openAnalyticsInbox(t.db);
    expect(await restarted.pending()).toBe(0);
    expect(await drainAll(restarted)).toBe(0);
    expect(await countRows(t.db, 'analytics_events')).toBe(5);
    expect(await countRows(file, 'analytics_inbox')).toBe(0);
    // New items after the old ones are moved as usual.
    await restarted.enqueue(events('d', 2));
    expect(await drainAll(restarted)).toBe(2);
    expect(await storedNames()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'd0', 'd1']);
    await restarted.close();
    await file.destroy();
  });

  it('starts a new inbox file from its first item, although its ids start again from 1', async () => {
    const inbox = openAnalyticsInbox(t.db);
    await inbox.enqueue(events('old', 4));
    expect(await drainAll(inbox)).toBe(4);
    await inbox.close();
    const file = inboxFileOf(t.db)!;
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });

    const fresh = openAnalyticsInbox(t.db);
    await fresh.enqueue(events('new', 3));
    expect(await fresh.pending()).toBe(3);
    expect(await drainAll(fresh)).toBe(3);
    expect(await storedNames()).toEqual(['old0', 'old1', 'old2', 'old3', 'new0', 'new1', 'new2']);
    await fresh.close();
  });

  it("first moves what an older version left in the main database's inbox table", async () => {
    await t.db('analytics_inbox').insert(events('legacy', 3).map((item) => ({ item: toInbox(item) })));
    const inbox = openAnalyticsInbox(t.db);
    await inbox.enqueue(events('file', 2));
    expect(await drainAll(inbox)).toBe(5);
    expect(await storedNames()).toEqual(['legacy0', 'legacy1', 'legacy2', 'file0', 'file1']);
    expect(await countRows(t.db, 'analytics_inbox')).toBe(0);
    await inbox.close();
  });

  it('drains in a worker thread of its own, with the same results, and closes it', async () => {
    const inbox = openAnalyticsInbox(t.db, { drainThread: true });
    await inbox.enqueue([event('uno'), { ...event('refused'), pagePath: null as unknown as string }]);
    await inbox.enqueue([event('dos')]);
    expect(await inbox.drain(10)).toEqual({ taken: 3, refused: 1, more: false });
    expect(await inbox.drain(10)).toEqual({ taken: 0, refused: 0, more: false });
    expect(await storedNames()).toEqual(['uno', 'dos']);
    await inbox.close();
    // Closed: nothing of it keeps running, and the database is as it left it.
    expect(await countRows(t.db, 'analytics_events')).toBe(2);
  });

  it('lets a process that drained through the thread end without closing it', { timeout: 30_000 }, async () => {
    const script = fileURLToPath(new URL('./leave-without-closing.ts', import.meta.url));
    const child = spawn(process.execPath, [script, t.url.slice('sqlite:'.length)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    clearTimeout(timer);
    expect({ code, signal, output }).toEqual({ code: 0, signal: null, output: '{"taken":1}' });
    expect(await storedNames()).toEqual(['sin cerrar']);
  });

  it('tells a thread that cannot run from a drain that failed, so the inbox can fall back to its own thread', async () => {
    // A worker that throws as it starts (its database file is not a name).
    const broken = new DrainThread({ databaseFile: 42 as unknown as string });
    const failure = await broken.drain(10).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DrainThreadFailed);
    // A drain the worker ran and reported failed is not a failure of the thread.
    const missing = new DrainThread({ databaseFile: `${t.dataDir}/no-such-folder/velada.sqlite` });
    const reported = await missing.drain(10).catch((err: unknown) => err);
    expect(reported).toBeInstanceOf(Error);
    expect(reported).not.toBeInstanceOf(DrainThreadFailed);
    await missing.close();
  });

  it('drops, alone, an item the database refuses, and moves the rest of its chunk', async () => {
    const inbox = openAnalyticsInbox(t.db);
    await inbox.enqueue([event('first'), { ...event('refused'), pagePath: null as unknown as string }, event('third')]);
    expect(await inbox.drain(10)).toEqual({ taken: 3, refused: 1, more: false });
    expect(await storedNames()).toEqual(['first', 'third']);
    expect(await inbox.pending()).toBe(0);
    await inbox.close();
  });
});
