// The crash test: the app runs in a process of its own (crash-server.ts) while four clients write through HTTP as
// advertisers, reporters and staff do (ads with photos submitted and approved, plan purchases processed into plans,
// reports that hide ads and their decisions); the process is killed with SIGKILL at a random moment, several times.
// After each kill the database must be sound and whole: no half-written ad, photo, payment, plan or report. Then
// the restarted app serves and takes writes, and the orphan-file job leaves on disk exactly the files rows name.
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knexConfig } from '#db/connection.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { issueQuote } from '#core/payments/price-quotes.ts';
import { AD_IMAGES_PREFIX, storeAdImage } from '#api/services/image-store.ts';
import { sealedPrefix, storeDocument } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { removeOrphanFiles } from '#api/services/orphan-files.ts';
import { testPng } from '#api/testing/images.ts';
import { ROUTE_CASES } from './route-catalogue.ts';
import { expectSoundAndWhole as expectSoundAndWholeIn, keysOnDisk } from './crash-invariants.ts';
import { rawRequest, type RawResponse } from './testing.ts';
import { OWNER_PASSWORD, seedWorld, type World } from './world.ts';
import type { CrashServerOptions } from './crash-server.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';

const ROUNDS = 3;
/** Published ads of the owner that purchases and reports pick from. */
const POOL_ADS = 30;
const IDENTITY_KEY = crypto.randomBytes(32);
/**
 * Each round's kill comes as the writers send a request drawn at random among their first KILL_WITHIN of the round:
 * a moment in their work, not on the clock (a delay that fits a quiet machine can pass, on a busy one, before the
 * writers have done anything). The last round also waits until every kind of write has happened over the rounds,
 * or until MAX_LAST_ROUND requests (the writers are then failing, and the counts below tell which).
 */
const KILL_WITHIN = 80;
const MAX_LAST_ROUND = 1_000;
/**
 * The test's time: the app is started ROUNDS + 1 times in a process of its own, which on a busy machine takes as long
 * as a hook's setup (hookTimeout, vitest.config.ts), and the writes and checks, which the kills bound by requests.
 */
const START_BUDGET = 60_000;
const WORK_BUDGET = 60_000;
const serverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-server.ts');

let t: TestDb;
let w: World;
let poolAdIds: number[];
let quote: string;
let png: Buffer;
let child: ChildProcess | null = null;

beforeAll(async () => {
  t = await createTestDb();
  png = await testPng();
  const store = diskStore(t.dataDir);
  w = await seedWorld(t.db, store, {
    photoKey: (await storeAdImage(store, png)).key,
    newDocument: () => storeDocument(store, IDENTITY_KEY, png),
    newReceipt: () => storeDocument(store, IDENTITY_KEY, png, 'receipts'),
    ownerPasswordHash: await hashPassword(OWNER_PASSWORD),
  });
  poolAdIds = [];
  for (let i = 0; i < POOL_ADS; i++) poolAdIds.push(await insertAd(t.db, w.owner.id, { title: `Aviso publicado número ${i + 1}` }));
  quote = await issueQuote(t.db, 'premium', 15000);
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await t.destroy();
});

/** Starts the app in its own process; resolves with its address once it serves. */
function startServer(): Promise<string> {
  const options: CrashServerOptions = { url: t.url, schema: t.schema, dataDir: t.dataDir, identityKeyHex: IDENTITY_KEY.toString('hex') };
  // The app's modules compiled once for the four starts (Node's compile cache, checked against each file's content):
  // a start is mostly that compilation, seconds of a busy machine's time.
  const started = spawn(process.execPath, [serverScript, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_COMPILE_CACHE: path.join(t.dataDir, 'compile-cache') },
  });
  child = started;
  let errors = '';
  started.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    childLog += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    started.stdout!.once('data', (chunk: Buffer) => resolve(`http://127.0.0.1:${JSON.parse(chunk.toString()).port}`));
    started.once('exit', (code) => reject(new Error(`the app exited (${code}) before serving: ${errors}`)));
  });
}

function killServer(): Promise<void> {
  const running = child!;
  child = null;
  return new Promise((resolve) => {
    // Already gone (it died of itself, and the writers saw it): there is no exit left to wait for.
    if (running.exitCode !== null || running.signalCode !== null) return resolve();
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

/** What the writers managed before each kill: the test is only worth something if they wrote. */
const done = {
  adsCreated: 0,
  photosAdded: 0,
  photosRemoved: 0,
  adsSubmitted: 0,
  adsApproved: 0,
  adsDeleted: 0,
  paymentsProcessed: 0,
  reports: 0,
  reportsDecided: 0,
};
/** Answers that no write should get while the app is up: 5xx other than the deliberate 503 of a full queue. */
const unexpected: string[] = [];

class ServerGone extends Error {}

const everyKindDone = () => Object.values(done).every((count) => count > 0);

/** The current round's kill: fired as the writers send the `at`-th request of the round. */
let kill: { sent: number; at: number; last: boolean; fire: () => void } | null = null;

/** Counts a request the writers are sending, and fires the round's kill when it is due. */
function countRequest(): void {
  if (!kill) return;
  kill.sent += 1;
  if (kill.sent < kill.at) return;
  if (kill.last && !everyKindDone() && kill.sent < MAX_LAST_ROUND) return;
  kill.fire();
  kill = null;
}
/** What the app processes wrote to stderr (their error log), shown when a request failed. */
let childLog = '';

/** One request as a client of the site: ends the writer's loop once the app is gone. */
async function send(
  baseUrl: string,
  method: string,
  requestPath: string,
  options: { cookie?: string; json?: unknown; photo?: Buffer } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin', ...(options.cookie ? { Cookie: options.cookie } : {}) };
  let body: Buffer | string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.photo) {
    const boundary = `----velada${crypto.randomBytes(8).toString('hex')}`;
    headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
      options.photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  }
  let response: RawResponse;
  try {
    const sent = rawRequest(baseUrl, { method, path: requestPath, headers, body });
    countRequest();
    response = await sent;
  } catch {
    throw new ServerGone(); // connection refused: the app is down
  }
  if (response.status === 0) throw new ServerGone(); // the connection died with the app
  if (response.status >= 500 && response.status !== 503)
    unexpected.push(`${method} ${requestPath}: ${response.status} ${response.text.slice(0, 200)}`);
  return response;
}

const owner = () => `${advertiserSessions.cookie}=${w.owner.cookie}`;
const staff = () => `${staffSessions.cookie}=${w.superAdmin.cookie}`;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * An advertiser writing ads: draft, edit, photos added, reordered and removed, submitted; staff approve; every other
 * one deleted, starting with the first when `deletesFirst` (two writers of opposite parity make every kind of write
 * happen within each writer's first ad, however early the kill comes).
 */
async function adWriter(url: string, deletesFirst: boolean): Promise<void> {
  const adBody = ROUTE_CASES['POST /api/advertiser/ads']!.example!(w);
  for (let n = 0; ; n++) {
    const created = await send(url, 'POST', '/api/advertiser/ads', { cookie: owner(), json: adBody });
    if (created.status !== 201) continue;
    done.adsCreated += 1;
    const id = JSON.parse(created.text).id as number;
    await send(url, 'PUT', `/api/advertiser/ads/${id}`, { cookie: owner(), json: { ...adBody, title: `${adBody.title} (versión ${n})` } });
    const photoIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await send(url, 'POST', `/api/advertiser/ads/${id}/photos`, { cookie: owner(), photo: png });
      if (added.status === 201) {
        done.photosAdded += 1;
        photoIds.push(JSON.parse(added.text).id);
      }
    }
    await send(url, 'PUT', `/api/advertiser/ads/${id}/photos/order`, { cookie: owner(), json: { ids: [...photoIds].reverse() } });
    if (
      photoIds.length &&
      (await send(url, 'DELETE', `/api/advertiser/ads/${id}/photos/${photoIds[0]}`, { cookie: owner() })).status === 204
    )
      done.photosRemoved += 1;
    if (n % 2 === (deletesFirst ? 0 : 1)) {
      if ((await send(url, 'DELETE', `/api/advertiser/ads/${id}`, { cookie: owner() })).status === 204) done.adsDeleted += 1;
      continue;
    }
    if ((await send(url, 'POST', `/api/advertiser/ads/${id}/submit`, { cookie: owner() })).status === 200) done.adsSubmitted += 1;
    // As staff do in the panel: the reasons screening held the ad for (if any) confirmed as read.
    const approved = await send(url, 'POST', `/api/admin/ads/${id}/approve?flagsRead=true`, { cookie: staff() });
    if (approved.status === 200) done.adsApproved += 1;
  }
}

/** An advertiser buying Premium for a published ad by transfer, and staff processing the payment (the plan starts). */
async function paymentWriter(url: string): Promise<void> {
  for (;;) {
    const bought = await send(url, 'POST', '/api/advertiser/payments', {
      cookie: owner(),
      json: { adId: pick(poolAdIds), plan: 'premium', method: 'transfer', quote },
    });
    if (bought.status !== 201 && bought.status !== 200) continue;
    const paymentId = JSON.parse(bought.text).payment.id as number;
    const processed = await send(url, 'POST', `/api/admin/payments/${paymentId}/process`, {
      cookie: staff(),
      json: { bankAccountId: w.bankAccountId, notes: 'Transferencia recibida.' },
    });
    if (processed.status === 200) done.paymentsProcessed += 1;
  }
}

/** Visitors reporting published ads (every other report hides the ad) and staff deciding some of the reports. */
async function reportWriter(url: string): Promise<void> {
  for (let n = 0; ; n++) {
    const reason = n % 2 ? 'posible_menor' : 'estafa';
    const reported = await send(url, 'POST', '/api/reports', {
      json: { adId: pick(poolAdIds), reason, details: 'Algo no cierra en este aviso.' },
    });
    if (reported.status !== 200 && reported.status !== 201) continue;
    done.reports += 1;
    if (n % 3 === 0) {
      const decided = await send(url, 'POST', `/api/admin/reports/${JSON.parse(reported.text).id}/${n % 2 ? 'dismiss' : 'resolve'}`, {
        cookie: staff(),
      });
      if (decided.status === 200) done.reportsDecided += 1;
    }
  }
}

/** Runs the writers until the app dies under them, killed at a random request of theirs (see KILL_WITHIN). */
async function writeUntilKilled(url: string, last: boolean): Promise<void> {
  const due = new Promise<void>((fire) => {
    kill = { sent: 0, at: 1 + Math.floor(Math.random() * KILL_WITHIN), last, fire };
  });
  const writers = Promise.all(
    [adWriter(url, true), adWriter(url, false), paymentWriter(url), reportWriter(url)].map((writer) =>
      writer.catch((err) => {
        if (!(err instanceof ServerGone)) throw err;
      }),
    ),
  );
  // A writer that fails for another reason ends the test at once (the app is killed in afterAll).
  await Promise.race([due, writers]);
  await killServer();
  await writers;
}

/**
 * A connection opened after the crash, as the restarted app opens one. (The test's own SQLite connection lived
 * through the crash; its cached full-text index structure can make PRAGMA integrity_check report a page that a
 * new connection reads fine, so it is not the one that judges.)
 */
async function withFreshConnection<T>(work: (db: Knex) => Promise<T>): Promise<T> {
  const db = knexFactory({ ...knexConfig(t.url, t.dataDir), ...(t.schema ? { searchPath: [t.schema] } : {}) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const expectSoundAndWhole = (db: Knex) =>
  expectSoundAndWholeIn(db, { dataDir: t.dataDir, dialect: t.dialect, worldReportIds: [w.reportId, w.preservedReportId] });

describe('a crash (SIGKILL) in the middle of writes', () => {
  it(
    'leaves a sound database with whole ads, photos, payments, plans and reports, and only named files after the orphan job',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        await writeUntilKilled(await startServer(), round === ROUNDS - 1);
        await withFreshConnection(expectSoundAndWhole);
      }
      console.log('Writes before the kills:', JSON.stringify(done));
      expect(unexpected.join('\n'), childLog).toBe('');
      // The writers wrote: each kind of write happened at least once over the rounds.
      for (const [kind, count] of Object.entries(done)) expect(count, kind).toBeGreaterThan(0);

      // The app starts again on what the crashes left, and takes writes.
      const url = await startServer();
      expect((await send(url, 'GET', '/api/health')).status).toBe(200);
      expect(
        (await send(url, 'POST', '/api/advertiser/ads', { cookie: owner(), json: ROUTE_CASES['POST /api/advertiser/ads']!.example!(w) }))
          .status,
      ).toBe(201);
      await killServer();

      // The orphan-file job, run as if an hour had passed: what remains on disk is exactly what rows name.
      await withFreshConnection(async (db) => {
        await removeOrphanFiles(db, diskStore(t.dataDir), new Date(Date.now() + 2 * 60 * 60 * 1000));
        const photoKeys = keysOnDisk(path.join(t.dataDir, AD_IMAGES_PREFIX), /^([a-f0-9]{32})-\d+\.webp$/);
        const keptEvidence = await db('report_evidence as e')
          .join('reports as r', 'r.id', 'e.report_id')
          .whereIn('r.status', ['open', 'resolved'])
          .pluck('e.file_key');
        expect([...photoKeys].sort()).toEqual([...new Set([...(await db('ad_images').pluck('file_key')), ...keptEvidence])].sort());
        // Identity documents and the selfies of photo verifications share the sealed folder.
        expect([...keysOnDisk(path.join(t.dataDir, sealedPrefix('identity')), /^([a-f0-9]{32})\.bin$/)].sort()).toEqual(
          [
            ...(await db('identity_documents').pluck('file_key')),
            ...(await db('photo_verification_requests').whereNotNull('selfie_key').pluck('selfie_key')),
          ].sort(),
        );
        expect([...keysOnDisk(path.join(t.dataDir, sealedPrefix('receipts')), /^([a-f0-9]{32})\.bin$/)].sort()).toEqual(
          (await db('payments').whereNotNull('receipt_key').pluck('receipt_key')).sort(),
        );
      });
    },
    (ROUNDS + 1) * START_BUDGET + WORK_BUDGET,
  );
});
