// The deployment of docs/operations.md, tested: two Velada processes (`node api/main.ts`, production mode, each with a
// data folder of its own) on one PostgreSQL database and one S3-compatible bucket (s3rver, in this process), behind
// nginx as a round-robin load balancer. Runs in the
// postgres project (TEST_DATABASE_URL), in a database of its own made for the run; skipped, saying why, without
// PostgreSQL or nginx.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knexConfig, migrate } from '#db/connection.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { advertiserSessions, staffSessions } from '#core/sessions/sessions.ts';
import { startTestS3, type TestS3 } from '#tooling/testing/s3.ts';
import { testJpeg } from '#api/testing/images.ts';
import { totpCode, totpStep } from '#core/second-step/totp.ts';
import { NGINX_BINARY } from './nginx.ts';
import { startCluster, type Cluster } from './cluster.ts';

const postgresUrl = process.env.VELADA_TEST_DIALECT === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const skipReason = !postgresUrl
  ? 'the two-process test needs PostgreSQL (TEST_DATABASE_URL; it runs in the postgres project)'
  : !NGINX_BINARY
    ? 'the two-process test needs nginx (apt-get install -y nginx)'
    : null;
// Said once per run: by the postgres project when nginx is missing, by the SQLite one when there is no PostgreSQL.
if (skipReason && (process.env.VELADA_TEST_DIALECT === 'postgres' || !process.env.TEST_DATABASE_URL))
  console.warn(`Skipped: ${skipReason}`);

const json = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' };
const cookieOf = (res: Response, name: string) => new RegExp(`${name}=([^;]*)`).exec(res.headers.get('set-cookie') ?? '')?.[1];

describe.skipIf(skipReason !== null)('two processes on one PostgreSQL database behind nginx', () => {
  let cluster: Cluster;
  let s3: TestS3;
  let db: Knex;
  let admin: Knex;
  let databaseName: string;
  let dir: string;
  const advertiser = { email: `cluster${Date.now()}@example.com`, password: 'una-clave-de-prueba-larga' };
  let advertiserId: number;
  let expiredPlanAd: number;
  let draftAd: number;
  let advertiserCookie = '';

  beforeAll(async () => {
    databaseName = `velada_cluster_${crypto.randomBytes(5).toString('hex')}`;
    admin = knexFactory({ client: 'pg', connection: postgresUrl });
    await admin.raw(`create database ${databaseName}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${databaseName}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-cluster-'));
    db = knexFactory({ ...knexConfig(url.toString(), dir), pool: { min: 0, max: 2 } });
    // What the processes find when they start: an advertiser with a password, and a VIP plan past its end.
    await migrate(db);
    advertiserId = await insertAdvertiser(db, { email: advertiser.email });
    await db('advertisers')
      .where('id', advertiserId)
      .update({ password_hash: await hashPassword(advertiser.password), email_confirmed_at: new Date() });
    expiredPlanAd = await insertAd(db, advertiserId, { plan: 'vip', planExpiresAt: new Date(Date.now() - 60_000) });
    draftAd = await insertAd(db, advertiserId, { state: 'draft' });
    s3 = await startTestS3();
    cluster = await startCluster({ processes: 2, databaseUrl: url.toString(), dir, env: s3.env });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await s3?.stop();
    await db?.destroy();
    await admin?.raw(`drop database if exists ${databaseName} with (force)`);
    await admin?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  const [first, second] = [0, 1].map(
    (i) => (pathname: string, init?: RequestInit) => fetch(`${cluster.processes[i]!.origin}${pathname}`, init),
  );

  it('a sign-in made through one process works through the other', async () => {
    const login = await first('/api/advertiser/login', { method: 'POST', headers: json, body: JSON.stringify(advertiser) });
    expect(login.status).toBe(200);
    const session = cookieOf(login, advertiserSessions.cookie);
    expect(session).toBeTruthy();
    advertiserCookie = `${advertiserSessions.cookie}=${session}`;
    const me = await second('/api/advertiser/me', { headers: { Cookie: advertiserCookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { advertiser: { email: string } }).advertiser.email).toBe(advertiser.email);
  });

  it('shares a per-address limit: requests through either process count against one budget', async () => {
    // Five confirmation mails per address and 15 minutes: asked for an address without an account, nothing is sent.
    const resend = (via: typeof first) =>
      via('/api/advertiser/resend-confirmation', { method: 'POST', headers: json, body: JSON.stringify({ email: 'nadie@example.com' }) });
    const statuses = [];
    for (const via of [first, second, first, second, first]) statuses.push((await resend(via)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    const refused = await resend(second);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await resend(first)).status).toBe(429);
  });

  it('a photo uploaded through one process is served through the other, from the bucket', async () => {
    expect(advertiserCookie).not.toBe('');
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(await testJpeg(640, 480))], { type: 'image/jpeg' }), 'foto.jpg');
    const upload = await first(`/api/advertiser/ads/${draftAd}/photos`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: advertiserCookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    // Neither process's data folder holds it: the other process reads it from the bucket.
    const photo = await second(url, { headers: { Cookie: advertiserCookie } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(100);
    for (const i of [1, 2]) expect(fs.readdirSync(path.join(dir, `process-${i}`)).includes('uploads')).toBe(false);
  });

  it('runs the plan expiry job once per interval between them', { timeout: 90_000 }, async () => {
    type JobRow = { singleton_on: Date; state: string; retry_count: number };
    const jobs = () =>
      db.withSchema('pgboss').from('job').where('name', 'plan-lifecycle').select('singleton_on', 'state', 'retry_count') as Promise<
        JobRow[]
      >;
    const deadline = Date.now() + 60_000;
    let rows = await jobs();
    while (!(rows.length > 0 && rows.every((row) => row.state === 'completed')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await jobs();
    }
    // Both processes asked for this interval's job at start; one job exists per interval, run once, by one of them.
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map((row) => row.singleton_on.getTime())).size).toBe(rows.length);
    expect(rows.every((row) => row.state === 'completed' && row.retry_count === 0)).toBe(true);
    // And it did its work: the VIP plan past its end is over.
    expect((await db('ads').where('id', expiredPlanAd).first('plan')).plan).toBe('gratuito');
  });

  it('a published ad shows at once in the other process’s cached search', async () => {
    const word = `zafiro${crypto.randomBytes(3).toString('hex')}`;
    const title = `Masajes ${word} en Palermo`;
    const pending = await insertAd(db, advertiserId, { state: 'pending', title });
    const search = `/buscar?q=${word}`;
    // In production every staff member sets up a second step at the first sign-in (decision 069): here an
    // authenticator app, its code computed as the app would; the step is kept in the shared database.
    const login = await first('/api/admin/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'velada_admin', password: cluster.adminPassword }),
    });
    expect(await login.json()).toEqual({ next: 'setup' });
    const step = { ...json, Cookie: `velada_admin_paso=${cookieOf(login, 'velada_admin_paso')}` };
    const setup = (await (await first('/api/admin/login/setup/totp', { method: 'POST', headers: step })).json()) as { secret: string };
    const confirmed = await first('/api/admin/login/setup/totp/confirm', {
      method: 'POST',
      headers: step,
      body: JSON.stringify({ code: totpCode(setup.secret, totpStep(new Date())) }),
    });
    expect(confirmed.status).toBe(200);
    const staff = `${staffSessions.cookie}=${cookieOf(confirmed, staffSessions.cookie)}`;
    // The other process's page, cached without the ad: asked until its cache answers (a scheduled job that changes
    // the catalogue meanwhile, such as the plan expiry at start, empties the cache once).
    let before = await second(search);
    for (let tries = 0; before.headers.get('x-render-cache') !== 'hit' && tries < 50; tries++) {
      await before.arrayBuffer();
      before = await second(search);
    }
    expect(before.headers.get('x-render-cache')).toBe('hit');
    expect(await before.text()).not.toContain(title);

    const approve = await first(`/api/admin/ads/${pending}/approve`, { method: 'POST', headers: { ...json, Cookie: staff }, body: '{}' });
    expect(approve.status).toBe(200);

    // At once: announced at the commit (NOTIFY), well before the process's own reading of the version once a
    // second would have found it. Half a second allows for the announcement's way, not for that reading.
    let after = '';
    for (const end = Date.now() + 500; Date.now() < end && !after.includes(title);) after = await (await second(search)).text();
    expect(after).toContain(title);
  });

  it('SIGTERM on one process lets every request it received finish: pages and POSTs all get the app’s answer', async () => {
    // Pages (nginx sends a GET that finds its connection cut to the other process) and POSTs, which nginx never sends
    // twice: one whose connection is cut after it was sent is answered 502 by nginx itself. The POST is the quick
    // exit, which has no per-address budget: a staff route's would answer 429 to this many requests from one address.
    const ask = {
      page: () => fetch(`${cluster.origin}/buscar?barrio=palermo&q=masajes+${crypto.randomBytes(3).toString('hex')}`),
      post: () => fetch(`${cluster.origin}/api/browser-data/clear`, { method: 'POST', headers: json, body: '{}' }),
    };
    const expected = { page: 'page 200', post: 'post 204' };
    const outcomes: string[] = [];
    let going = true;
    // Every answer, marked when it is not the app's (nginx's error pages lack the app's security headers); a request
    // that failed outright (refused, or its answer cut off) says so.
    const client = async (kind: keyof typeof ask) => {
      while (going) {
        outcomes.push(
          await ask[kind]().then(
            async (res) => {
              await res.arrayBuffer();
              return `${kind} ${res.status}${res.headers.get('x-content-type-options') === 'nosniff' ? '' : ' not from the app'}`;
            },
            (err: Error) => `${kind} failed: ${String((err.cause as Error | undefined)?.message ?? err.message)}`,
          ),
        );
      }
    };
    // Several keep-alive clients of each kind: nginx keeps its connections to both processes busy and reuses them.
    // Pages rendered anew every time keep the processes busy, so that requests wait, unread, on kept connections.
    const clients = [...Array.from({ length: 8 }, () => client('page')), ...Array.from({ length: 12 }, () => client('post'))];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopping = cluster.processes[0]!;
    stopping.child.kill('SIGTERM');
    expect(await stopping.exited).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    going = false;
    await Promise.all(clients);
    expect(outcomes.filter((o) => o === expected.page).length).toBeGreaterThan(5);
    expect(outcomes.filter((o) => o === expected.post).length).toBeGreaterThan(20);
    expect(outcomes.filter((o) => o !== expected.page && o !== expected.post)).toEqual([]);
  });
});
