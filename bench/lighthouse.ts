// Lighthouse scores of the home, the search, an ad page and a landing page in Portuguese, as a visitor of `npm start` sees them (our server in
// production mode on a fresh SQLite file with the demo data: about 200 ads with photos), or on the 100,000 ads of
// the speed benchmark with LIGHTHOUSE_DATA=bench. Mobile with simulated throttling, Lighthouse's default; Debian's
// Chromium, never a downloaded one. One JSON line per page: performance, accessibility, best-practices and SEO scores
// (0-100), the layout shift and the audits that kept a score below 100.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBenchData } from './lib/bench-data.ts';
import fs from 'node:fs';
import path from 'node:path';
import { migrate, openDb } from '#db/connection.ts';
import { seedDemoData } from '#tooling/seeds/demo.ts';
import { AGE_COOKIE } from '#shared/age-cookie.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { BENCH_DATA_DIR, isMain, log, round } from './lib/common.ts';
import { getBody } from './lib/http.ts';
import { ensureSiteBuild, startAppServer, startServer, type RunningServer } from './lib/processes.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse runs per page (LIGHTHOUSE_RUNS), odd for a median. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** Where each page's whole report is written. */
const REPORT_DIR = path.join(BENCH_DATA_DIR, 'lighthouse-reports');

/** A fresh database with the demo data, served by our server in production mode. */
async function startDemoServer(): Promise<RunningServer> {
  const dataDir = path.join(BENCH_DATA_DIR, 'lighthouse');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = `sqlite:${path.join(dataDir, 'velada.sqlite')}`;
  const db = openDb(databaseUrl, dataDir);
  try {
    await migrate(db);
    await seedDemoData(db, diskStore(dataDir));
  } finally {
    await db.destroy();
  }
  return startServer('app-server.ts', {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'false',
  });
}

/** One Lighthouse run of `url`: scores, the metrics, and the audits that kept a score below 100. */
interface AuditRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cumulativeLayoutShift: number;
  largestContentfulPaintMs: number;
  firstContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  speedIndexMs: number;
  failing: string[];
}

/** A visitor who answered the age gate on an earlier visit: the cookie the gate sets (the overlays then load). */
const PAST_GATE_HEADERS = { Cookie: `${AGE_COOKIE}=1` };

async function audit(url: string, port: number, page: string, pastGate: boolean): Promise<AuditRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    ...(pastGate && { extraHeaders: PAST_GATE_HEADERS }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(Number(audits[id]?.numericValue ?? Number.NaN));
  // The whole report of the last run beside the figures, to read what a score lost (viewable in Lighthouse's viewer).
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, `${page}.json`), result.report as string);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cumulativeLayoutShift: round(Number(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN), 3),
    largestContentfulPaintMs: ms('largest-contentful-paint'),
    firstContentfulPaintMs: ms('first-contentful-paint'),
    totalBlockingTimeMs: ms('total-blocking-time'),
    speedIndexMs: ms('speed-index'),
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id),
  };
}

export async function runLighthouseBenchmark(): Promise<Record<string, unknown>[]> {
  const onBenchData = process.env.LIGHTHOUSE_DATA === 'bench';
  if (onBenchData) await ensureBenchData();
  ensureSiteBuild();
  const server = onBenchData ? await startAppServer() : await startDemoServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const lines: Record<string, unknown>[] = [];
  try {
    const search = (await getBody(`${server.origin}/buscar`)).toString('utf8');
    const adPath = /href="(\/anuncio\/[a-z0-9-]+)"/.exec(search)?.[1];
    if (!adPath) throw new Error('no ad link found on /buscar');
    const pages = [
      ['home', '/'],
      ['search', '/buscar'],
      ['ad-page', adPath],
      // A landing page in another language (docs/decisions/070-languages.md): its hreflang, canonical and lang.
      ['landing-pt', '/pt/massagens/palermo'],
    ] as const;
    // As a first visitor (the gate open) and as one past it (the overlays and the search form's script loaded).
    for (const pastGate of [false, true])
      for (const [page, url] of pages) {
        const name = pastGate ? `${page}-past-gate` : page;
        // Several runs, the median reported: Lighthouse's simulated throttling multiplies the CPU time it observes, and
        // this machine's moves from one run to the next (Lighthouse's own advice for variance is the median of runs).
        const runs: AuditRun[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await audit(`${server.origin}${url}`, chrome.port, name, pastGate));
        const median = runs.toSorted((a, b) => a.performance - b.performance)[Math.floor(RUNS / 2)]!;
        const line = {
          benchmark: `lighthouse-${name}`,
          data: onBenchData ? 'bench (100,000 ads)' : 'demo',
          url,
          visitor: pastGate ? 'past the age gate' : 'first visit',
          runs: RUNS,
          performanceRuns: runs.map((r) => r.performance),
          ...median,
        };
        log(
          `lighthouse ${url} (${line.visitor}): performance ${line.performanceRuns.join('/')} (median ${line.performance}), blocking ${line.totalBlockingTimeMs} ms, accessibility ${line.accessibility}, best practices ${line.bestPractices}, SEO ${line.seo}`,
        );
        lines.push(line);
      }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return lines;
}

if (isMain(import.meta.url)) {
  for (const line of await runLighthouseBenchmark()) process.stdout.write(`${JSON.stringify(line)}\n`);
}
