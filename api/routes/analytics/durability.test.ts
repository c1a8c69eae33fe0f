// An acknowledged analytics event is never lost: the app runs in a process of its own (api/security/crash-server.ts),
// many clients send pageviews, the process is killed with SIGKILL in the middle of them, and every pageview that got
// its 204 must be in the database. On SQLite and PostgreSQL.
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { drainInbox } from '#tooling/testing/analytics.ts';
import type { CrashServerOptions } from '#api/security/crash-server.ts';
import { CHROME_DESKTOP, pageview } from './testing.ts';

const serverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'security', 'crash-server.ts');
const CLIENTS = 40;

let t: TestDb;
let child: ChildProcess | null = null;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await t.destroy();
});

function startServer(): Promise<string> {
  const options: CrashServerOptions = {
    url: t.url,
    schema: t.schema,
    dataDir: t.dataDir,
    identityKeyHex: crypto.randomBytes(32).toString('hex'),
    trustedProxies: ['127.0.0.1'],
  };
  child = spawn(process.execPath, [serverScript, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child!.stdout!.once('data', (chunk: Buffer) => resolve(`http://127.0.0.1:${JSON.parse(chunk.toString()).port}`));
    child!.once('exit', (code) => reject(new Error(`the app exited (${code}) before serving`)));
  });
}

it('keeps every pageview it acknowledged when killed with SIGKILL under load', { timeout: 60_000 }, async () => {
  const url = `${await startServer()}/api/analytics/track`;
  const visitor = crypto.randomUUID();
  const acknowledged: string[] = [];
  let sent = 0;
  let gone = false;

  async function client(n: number): Promise<void> {
    while (!gone) {
      const page = `/p/${n}/${sent++}`;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Sec-Fetch-Site': 'same-origin',
            'User-Agent': CHROME_DESKTOP,
            // A client address per request: the per-address limit is not what this test is about.
            'X-Forwarded-For': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
          },
          body: JSON.stringify(pageview(visitor, visitor, { pageUrl: `https://velada.example${page}` })),
        });
        if (res.status === 204) acknowledged.push(page);
        else await res.text();
      } catch {
        gone = true; // the process is gone
      }
    }
  }

  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  // Kill once a good number of pageviews are acknowledged, while many more are in flight.
  await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(1500);
  const killed = new Promise((resolve) => child!.once('exit', resolve));
  child!.kill('SIGKILL');
  await killed;
  child = null;
  await Promise.all(clients);

  // What was acknowledged is in the inbox or already in the tables; the next process to run drains the rest.
  await drainInbox(t.db);
  const stored = new Set(await t.db('analytics_pageviews').pluck('page_path'));
  const lost = acknowledged.filter((page) => !stored.has(page));
  expect(lost).toEqual([]);
  // Requests in flight at the kill were not acknowledged; some of them may have been committed all the same.
  expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
});
