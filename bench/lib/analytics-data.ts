// The analytics benchmark database: 10 million pageviews over 13 months (395 Buenos Aires days) in a SQLite
// file under data/bench/, written through the real ingestion path (persistAnalytics, in time order, in batches)
// so the rollups are exactly what production would hold. Visitors return, pages follow a long tail over
// 100,000 ads, sources, devices and browsers have realistic shares. Generated once (about 10 minutes) and
// reused: the benchmark asks for the summary as of the instant the data ends.
import fs from 'node:fs';
import path from 'node:path';
import { migrate, openDb } from '#db/connection.ts';
import { createRandom } from '#tooling/factories/index.ts';
import { persistAnalytics, type PageviewItem } from '#db/queries/analytics-ingest.ts';
import type { DeviceType } from '#shared/analytics-kinds.ts';
import { BENCH_DATA_DIR, log } from './common.ts';

export const ANALYTICS_PAGEVIEWS = 10_000_000;
export const ANALYTICS_DAYS = 395;
export const ANALYTICS_DIR = path.join(BENCH_DATA_DIR, 'analytics');
export const ANALYTICS_DB_FILE = path.join(ANALYTICS_DIR, 'velada.sqlite');
const MARKER_FILE = path.join(ANALYTICS_DIR, 'complete.json');
const SEED = 395;
const BATCH = 5_000;
const DAY_MS = 86_400_000;

interface Marker {
  pageviews: number;
  seed: number;
  /** The instant the data ends at: the benchmark asks for the summary as of then. */
  now: string;
  generatedInS: number;
}

type Weighted<T> = [T, number][];
function chooser<T>(rand: () => number, table: Weighted<T>): () => T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let r = rand() * total;
    for (const [value, weight] of table) if ((r -= weight) < 0) return value;
    return table[table.length - 1]![0];
  };
}

/** A UUID-shaped id from a counter: unique, cheap, and stable for a given seed. */
export const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export function* generatePageviews(now: Date): Generator<PageviewItem> {
  const rand = createRandom(SEED).next;
  const source = chooser(rand, [
    [['direct', 'none'], 35],
    [['google', 'organic'], 30],
    [['instagram', 'social'], 10],
    [['facebook', 'social'], 4],
    [['x', 'social'], 3],
    [['bing', 'organic'], 2],
    [['newsletter', 'email'], 6],
    [['referral', 'referral'], 10],
  ] as Weighted<[string, string]>);
  const device = chooser(rand, [
    ['mobile', 70],
    ['desktop', 25],
    ['tablet', 5],
  ] as Weighted<DeviceType>);
  const browser = chooser(rand, [
    ['Chrome', 50],
    ['Safari', 30],
    ['Samsung Browser', 8],
    ['Firefox', 5],
    ['Edge', 4],
    ['Opera', 3],
  ] as Weighted<string>);
  const landing = chooser(rand, [
    ['/', 30],
    ['/buscar', 25],
    ['/masajes', 5],
    ['/acompanantes', 5],
    ['ad', 35],
  ] as Weighted<string>);
  // A long tail: a few ads are seen a lot, most rarely.
  const adPath = () => `/anuncio/aviso-${1 + Math.floor(100_000 * rand() ** 3)}`;
  const titleOf = (p: string) => (p.startsWith('/anuncio/') ? `Aviso ${p.slice(16)} | Velada` : `Velada ${p}`);

  const perDay = ANALYTICS_PAGEVIEWS / ANALYTICS_DAYS;
  const recent: number[] = []; // visitors seen lately, some of whom come back
  let visitors = 0;
  let sessions = 0;
  let produced = 0;
  const start = now.getTime() - ANALYTICS_DAYS * DAY_MS;
  for (let day = 0; day < ANALYTICS_DAYS; day++) {
    const target = Math.round(perDay * (day + 1)) - produced;
    const dayStart = start + day * DAY_MS;
    // Times within the day, in order (the ingestion sees events as they happen).
    const times = Array.from({ length: target }, () => dayStart + Math.floor(rand() * DAY_MS)).sort((a, b) => a - b);
    let i = 0;
    while (i < target) {
      const visitor = recent.length > 1000 && rand() < 0.5 ? recent[Math.floor(rand() * recent.length)]! : ++visitors;
      if (recent.length < 50_000) recent.push(visitor);
      else recent[Math.floor(rand() * recent.length)] = visitor;
      const session = uuidOf(++sessions);
      const [src, medium] = source();
      const ref = src === 'referral' ? `foro${Math.floor(rand() * 200)}.example` : src;
      const dev = device();
      const br = browser();
      const length = Math.min(target - i, 1 + Math.floor(rand() * 7));
      for (let k = 0; k < length; k++, i++) {
        const first = landing();
        const pagePath = k === 0 && first !== 'ad' ? first : adPath();
        yield {
          kind: 'pageview',
          at: new Date(times[i]!),
          visitorId: uuidOf(visitor),
          sessionId: session,
          pagePath,
          pageTitle: titleOf(pagePath),
          referrerHost: src === 'direct' || src === 'newsletter' ? null : ref,
          source: ref,
          medium,
          campaign: src === 'newsletter' ? 'mensual' : null,
          deviceType: dev,
          browser: br,
          screen: '390x844',
        };
      }
    }
    produced += target;
  }
}

function readMarker(): Marker | null {
  try {
    return JSON.parse(fs.readFileSync(MARKER_FILE, 'utf8')) as Marker;
  } catch {
    return null;
  }
}

/** The instant the benchmark data ends at; generates the data first when missing or partial. */
export async function ensureAnalyticsData(): Promise<Date> {
  const marker = readMarker();
  if (marker && fs.existsSync(ANALYTICS_DB_FILE) && marker.pageviews === ANALYTICS_PAGEVIEWS && marker.seed === SEED) {
    return new Date(marker.now);
  }
  fs.rmSync(ANALYTICS_DIR, { recursive: true, force: true });
  fs.mkdirSync(ANALYTICS_DIR, { recursive: true });
  const db = openDb(`sqlite:${ANALYTICS_DB_FILE}`, ANALYTICS_DIR);
  await migrate(db);
  const now = new Date();
  const started = performance.now();
  log(`generating ${ANALYTICS_PAGEVIEWS.toLocaleString('en')} pageviews over ${ANALYTICS_DAYS} days (several minutes, once)`);
  let batch: PageviewItem[] = [];
  let written = 0;
  for (const item of generatePageviews(now)) {
    batch.push(item);
    if (batch.length === BATCH) {
      await persistAnalytics(db, batch);
      written += batch.length;
      batch = [];
      if (written % 500_000 === 0)
        log(`  ${written.toLocaleString('en')} written (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  await persistAnalytics(db, batch);
  await db.raw('PRAGMA optimize');
  await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await db.destroy();
  const generatedInS = Math.round((performance.now() - started) / 1000);
  fs.writeFileSync(
    MARKER_FILE,
    JSON.stringify({ pageviews: ANALYTICS_PAGEVIEWS, seed: SEED, now: now.toISOString(), generatedInS } satisfies Marker),
  );
  log(`analytics data ready in ${generatedInS} s`);
  return now;
}
