// Load: 500 concurrent connections for 60 s of mixed traffic against one server process (SQLite, 100,000 ads):
// search pages with varied filters, ad pages, analytics pageviews, advertiser sign-ins (right and wrong
// passwords, from many addresses) and photo uploads (a 1600 x 1200 JPEG). One JSON line: requests, answers by
// status (in all and for each kind of request), errors (any 5xx other than a deliberate 503, timeouts, connection
// errors), latency p50/p99, the server's memory (resident set) sampled every second and its JavaScript heap every
// 10 s. Deliberate refusals (429 from sign-in throttling and rate limits, 503 from the page and image queues, 401
// for wrong passwords) are counted apart, not as errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import sharp from 'sharp';
import { migrate, openDb } from '#db/connection.ts';
import { adPath } from '#shared/ad-text.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { BENCH_DB_FILE, BENCH_DATA_DIR, isMain, log, round } from './lib/common.ts';
import { ensureBenchData } from './lib/bench-data.ts';
import { ensureSiteBuild, startServer } from './lib/processes.ts';
import { loadTraffic, type Kind } from './lib/load-traffic.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

const CONNECTIONS = 500;
/** LOAD_DURATION_S: a longer overload phase, to watch memory over minutes. */
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);
/** Then a steady phase: the same mix at a fixed rate, as arrivals come in real life (not answered, not sent). */
const STEADY_DURATION_S = 30;
const STEADY_RATE = 40;
const LOAD_DIR = path.join(BENCH_DATA_DIR, 'load');
const LOAD_DB_FILE = path.join(LOAD_DIR, 'velada.sqlite');
const DRAFTS = 400;
const PASSWORD = 'clave-de-carga-123';

function memoryOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** A copy of the benchmark database (the load writes to it), with an advertiser, a session and draft ads. */
async function prepare() {
  await ensureBenchData();
  fs.rmSync(LOAD_DIR, { recursive: true, force: true });
  fs.mkdirSync(LOAD_DIR, { recursive: true });
  fs.copyFileSync(BENCH_DB_FILE, LOAD_DB_FILE);
  const db = openDb(`sqlite:${LOAD_DB_FILE}`, LOAD_DIR);
  await migrate(db);
  const now = new Date();
  const [row] = await db('advertisers')
    .insert({
      email: 'carga@velada.example',
      full_name: 'Cuenta de Carga',
      password_hash: await hashPassword(PASSWORD),
      email_confirmed_at: now,
      verification_status: 'verified',
      verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const advertiserId = typeof row === 'object' ? row.id : row;
  const template = await db('ads').first();
  const drafts: number[] = [];
  for (let i = 0; i < DRAFTS; i++) {
    const { id: _id, ...copy } = template;
    const [inserted] = await db('ads')
      .insert({
        ...copy,
        advertiser_id: advertiserId,
        state: 'draft',
        requested_plan: 'premium',
        title: `Borrador de carga ${i}`,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    drafts.push(typeof inserted === 'object' ? inserted.id : inserted);
  }
  const session = await advertiserSessions.create(db, advertiserId);
  const published: { id: number; slug: string }[] = await db('ads')
    .where('state', 'published')
    .orderBy('id')
    .limit(5000)
    .select('id', 'slug');
  await db.destroy();
  return { drafts, session, adPaths: published.map((ad) => adPath(ad)) };
}

async function photoForm(): Promise<{ body: Buffer; contentType: string }> {
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7a4e8c' } })
    .composite([{ input: { create: { width: 800, height: 600, channels: 3, background: '#d9a441' } }, left: 200, top: 150 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const boundary = '----velada-carga';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One phase of traffic: every connection sends as fast as it is answered, or all together at `overallRate`. */
async function phase(
  origin: string,
  traffic: ReturnType<typeof loadTraffic>,
  options: { durationS: number; overallRate?: number },
): Promise<Record<string, unknown>> {
  const sent: Record<Kind, number> = { search: 0, ad: 0, analytics: 0, signin: 0, upload: 0 };
  const statusesByKind: Partial<Record<Kind, Record<number, number>>> = {};
  const statuses: Record<number, number> = {};
  log(
    `load: ${CONNECTIONS} connections, ${options.durationS} s of mixed traffic${options.overallRate ? ` at ${options.overallRate} requests/s` : ''}`,
  );
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: options.durationS,
        overallRate: options.overallRate,
        timeout: 30,
        requests: traffic(sent, statusesByKind),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  const count = (test: (status: number) => boolean) =>
    Object.entries(statuses).reduce((sum, [status, k]) => (test(Number(status)) ? sum + k : sum), 0);
  const serverErrors = count((s) => s >= 500 && s !== 503);
  const pages = (kind: Kind) => statusesByKind[kind]?.[200] ?? 0;
  return {
    durationS: options.durationS,
    overallRate: options.overallRate ?? null,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.average, 0),
    // Pages (search and ad) answered with the page itself, per second: what visitors got.
    pagesServedPerSecond: round((pages('search') + pages('ad')) / options.durationS, 1),
    sent,
    statuses,
    statusesByKind,
    errors: serverErrors + result.errors + result.timeouts,
    serverErrors,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    deliberateRefusals: count((s) => s === 401 || s === 429 || s === 503),
    unexpected4xx: count((s) => s >= 400 && s < 500 && s !== 401 && s !== 429),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
  };
}

export async function runLoadBenchmark(): Promise<Record<string, unknown>> {
  ensureSiteBuild();
  const { drafts, session, adPaths } = await prepare();
  const photo = await photoForm();
  const server = await startServer('app-server.ts', {
    NODE_ENV: 'production',
    DATA_DIR: LOAD_DIR,
    DATABASE_URL: `sqlite:${LOAD_DB_FILE}`,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
  });
  const loadAtStart = round(os.loadavg()[0]!);
  const memory: number[] = [memoryOf(server.pid)];
  const heap: number[] = [await server.heapUsed()];
  let ticks = 0;
  const sampler = setInterval(() => {
    memory.push(memoryOf(server.pid));
    if (++ticks % 10 === 0) void server.heapUsed().then((bytes) => heap.push(bytes));
  }, 1000);
  const traffic = loadTraffic({ adPaths, drafts, session, password: PASSWORD, photo });
  let overload: Record<string, unknown>;
  let steady: Record<string, unknown>;
  try {
    overload = await phase(server.origin, traffic, { durationS: DURATION_S });
    steady = await phase(server.origin, traffic, { durationS: STEADY_DURATION_S, overallRate: STEADY_RATE });
  } finally {
    clearInterval(sampler);
    memory.push(memoryOf(server.pid));
    await server.stop();
  }
  const mb = (bytes: number) => round(bytes / 1024 / 1024, 0);
  return {
    benchmark: 'load-mixed',
    connections: CONNECTIONS,
    overload,
    steady,
    errors: Number(overload.errors) + Number(steady.errors),
    memoryStartMb: mb(memory[0]!),
    memoryMaxMb: mb(Math.max(...memory)),
    memoryEndMb: mb(memory.at(-1)!),
    // One sample every 10 s over both phases: bounded memory levels off instead of climbing to the end.
    memoryEvery10sMb: memory.filter((_, i) => i % 10 === 0).map(mb),
    // The JavaScript heap at the same moments: flat while the resident set grows means native memory.
    heapEvery10sMb: heap.map(mb),
    loadAverageAtStart: loadAtStart,
    cores: os.cpus().length,
  };
}

if (isMain(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await runLoadBenchmark())}\n`);
}
