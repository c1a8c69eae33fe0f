// Panel benchmark: the dashboard's data calls (GET /api/admin/statistics, /subscribers, /payments) as the super
// admin at 10,000 subscribers and 100,000 payments on SQLite, under autocannon, against a plain node:http server
// sending the same bytes, in the same run; plus each query alone, in-process. One JSON line per call.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import type { Knex } from 'knex';
import { openDb } from '#db/connection.ts';
import { statistics } from '#db/queries/admin/statistics.ts';
import { listSubscribers } from '#db/queries/admin/subscribers.ts';
import { listPayments } from '#db/queries/admin/payments.ts';
import { resetAdministratorPassword } from '#api/services/administrator-accounts.ts';
import { ensureSuperAdmin, SUPER_ADMIN_USERNAME } from '#api/services/super-admin.ts';
import { randomPassword } from '#api/services/passwords.ts';
import { PANEL_DATABASE_URL, PANEL_DIR, PANEL_PAYMENTS, PANEL_SUBSCRIBERS, ensurePanelData } from './lib/admin-data.ts';
import { isMain, log, percentile, round } from './lib/common.ts';
import { getBody, loadSummary } from './lib/http.ts';
import { ensureSiteBuild, startServer } from './lib/processes.ts';
import { staffSessions } from '#core/sessions/sessions.ts';

const CALLS: { name: string; path: string; query: (db: Knex) => Promise<unknown> }[] = [
  { name: 'admin-statistics', path: '/api/admin/statistics', query: (db) => statistics(db) },
  { name: 'admin-subscribers', path: '/api/admin/subscribers', query: (db) => listSubscribers(db) },
  { name: 'admin-payments', path: '/api/admin/payments', query: (db) => listPayments(db) },
];
const CONNECTIONS = 10;
const WARMUP_S = 2;
const DURATION_S = 10;
const TIMEOUT_S = 30;
const QUERY_RUNS = 30;

async function timeQuery(db: Knex, query: (db: Knex) => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await query(db);
  const times: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i++) {
    const started = performance.now();
    await query(db);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { runs: QUERY_RUNS, medianMs: round(percentile(times, 0.5)), p99Ms: round(percentile(times, 0.99)) };
}

async function signIn(origin: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ username: SUPER_ADMIN_USERNAME, password }),
  });
  const token = new RegExp(`${staffSessions.cookie}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (res.status !== 200 || !token) throw new Error(`login failed: HTTP ${res.status}`);
  return `${staffSessions.cookie}=${token}`;
}

async function load(url: string, cookie: string) {
  const options = { url, connections: CONNECTIONS, timeout: TIMEOUT_S, headers: { cookie } };
  await autocannon({ ...options, duration: WARMUP_S });
  const r: Result = await autocannon({ ...options, duration: DURATION_S });
  return loadSummary(r);
}

export async function runAdminBenchmark(): Promise<Record<string, unknown>[]> {
  const started = performance.now();
  const loadAverageAtStart = round(os.loadavg()[0]!);
  await ensurePanelData();
  ensureSiteBuild();

  // A fresh password for the super admin each run: nothing fixed, nothing stored.
  const password = randomPassword();
  const db = openDb(PANEL_DATABASE_URL, PANEL_DIR);
  const queries = [];
  try {
    await ensureSuperAdmin(db, password);
    const admin = await db('admin_users').where('username', SUPER_ADMIN_USERNAME).first('id');
    await resetAdministratorPassword(db, admin.id, password);
    for (const call of CALLS) {
      queries.push(await timeQuery(db, call.query));
      log(`${call.name}: query median ${queries.at(-1)!.medianMs} ms`);
    }
  } finally {
    await db.destroy();
  }

  const ours = await startServer('app-server.ts', {
    NODE_ENV: 'production',
    DATA_DIR: PANEL_DIR,
    DATABASE_URL: PANEL_DATABASE_URL,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'false',
  });
  const lines: Record<string, unknown>[] = [];
  let baseline: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const cookie = await signIn(ours.origin, password);
    const staticDir = path.join(PANEL_DIR, 'static');
    fs.mkdirSync(staticDir, { recursive: true });
    const files: Record<string, string> = {};
    const bodies: Buffer[] = [];
    for (const call of CALLS) {
      const body = await getBody(ours.origin + call.path, { cookie });
      files[call.path] = path.join(staticDir, `${call.name}.json`);
      fs.writeFileSync(files[call.path]!, body);
      bodies.push(body);
    }
    baseline = await startServer('static-server.ts', { STATIC_PAGES: JSON.stringify(files) });
    for (const [i, call] of CALLS.entries()) {
      log(`load test ${call.path}: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, ours then static`);
      const oursResult = await load(ours.origin + call.path, cookie);
      const staticResult = await load(baseline.origin + call.path, cookie);
      const parsed = JSON.parse(bodies[i]!.toString('utf8')) as unknown;
      lines.push({
        benchmark: call.name,
        subscribers: PANEL_SUBSCRIBERS,
        payments: PANEL_PAYMENTS,
        url: call.path,
        rows: Array.isArray(parsed) ? parsed.length : null,
        jsonBytes: bodies[i]!.length,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        ours: oursResult,
        static: staticResult,
        ratio: round(oursResult.requestsPerSec / staticResult.requestsPerSec, 4),
        query: queries[i],
        loadAverageAtStart,
        node: process.version,
        cores: os.cpus().length,
      });
    }
  } finally {
    await Promise.all([ours.stop(), baseline?.stop()]);
  }
  log(`panel benchmark done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return lines;
}

if (isMain(import.meta.url)) {
  for (const line of await runAdminBenchmark()) process.stdout.write(`${JSON.stringify(line)}\n`);
}
