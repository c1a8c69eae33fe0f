// Profiles our server under a load of bench/speed.ts: node --cpu-prof in the server process, wrk for PROFILE_S
// seconds; the .cpuprofile lands in PROFILE_DIR (default data/bench/profiles), summarised by self time per function
// and per file. Usage: PROFILE_CASE=search (random filter sets, cache misses), hit (one ad page, answered from the
// render cache and counted), popular (60 searches, hits), broad (broad words and names, pages 1-3: misses) or ingest
// (pageviews) node bench/profile.ts
import fs from 'node:fs';
import path from 'node:path';
import { ensureBenchData } from './lib/bench-data.ts';
import { BENCH_DATA_DIR, log } from './lib/common.ts';
import { ensureSiteBuild, startAppServer, type RunningServer } from './lib/processes.ts';
import { wrk } from './lib/wrk.ts';
import { getBody } from './lib/http.ts';
import { freshDatabase, startIngestServer } from './speed.ts';
import { INGEST_SCRIPT, broadSearchMix, pickUrlScript, popularUrls, randomSearchMix, searchScript } from './lib/wrk-scripts.ts';

const PROFILE_DIR = process.env.PROFILE_DIR ?? path.join(BENCH_DATA_DIR, 'profiles');
const PROFILE_S = Number(process.env.PROFILE_S ?? 10);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function summarise(file: string): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^file:\/\//, '').replace(process.cwd(), '.') || '(native)';
    const fileKey = where.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'node_modules/$1');
    byFunction.set(
      `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber}`,
      (byFunction.get(`${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber}`) ?? 0) + us,
    );
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  console.log(`Self time by file or package:\n${top(byFile, 25)}\n\nSelf time by function:\n${top(byFunction, 40)}`);
}

await ensureBenchData();
ensureSiteBuild();
fs.mkdirSync(PROFILE_DIR, { recursive: true });
const before = new Set(fs.readdirSync(PROFILE_DIR));
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${PROFILE_DIR}`;
const profileCase = process.env.PROFILE_CASE ?? 'search';
const ingest = profileCase === 'ingest';
let server: RunningServer;
if (ingest) {
  const { dataDir, databaseUrl } = await freshDatabase('profile-ingest');
  server = await startIngestServer(dataDir, databaseUrl);
} else {
  server = await startAppServer();
}
delete process.env.NODE_OPTIONS;
/** What wrk asks for: its first URL and, for the random searches and the pageviews, the script that varies it. */
async function profiledLoad(): Promise<{ url: string; script?: string; what: string }> {
  if (ingest) return { url: '/api/analytics/track', script: INGEST_SCRIPT, what: 'pageviews' };
  if (profileCase === 'broad')
    return { url: '/buscar', script: searchScript(broadSearchMix()), what: 'broad searches (words, names, pages 1-3)' };
  if (profileCase === 'popular') {
    const urls = popularUrls();
    // Asked twice each first: a search page filled into its shell is kept from its second miss (decision 058).
    for (const url of [...urls, ...urls]) await getBody(`${server.origin}${url}`);
    return { url: urls[0]!, script: pickUrlScript(urls), what: '60 popular searches (hits)' };
  }
  if (profileCase !== 'hit') return { url: '/buscar', script: searchScript(randomSearchMix()), what: 'random searches' };
  const search = (await getBody(`${server.origin}/buscar`)).toString('utf8');
  const adPath = /href="(\/anuncio\/[a-z0-9-]+)"/.exec(search)?.[1];
  if (!adPath) throw new Error('no ad link found on /buscar');
  await getBody(`${server.origin}${adPath}`);
  return { url: adPath, what: `hits of ${adPath}` };
}
const load = await profiledLoad();
log(`profiling ${PROFILE_S} s of ${load.what}`);
const result = await wrk({
  url: `${server.origin}${load.url}`,
  connections: 50,
  durationS: PROFILE_S,
  script: load.script,
  dir: PROFILE_DIR,
});
log(`${result.requestsPerSec} req/s, p99 ${result.latencyMs.p99} ms`);
await server.stop();
const file = fs.readdirSync(PROFILE_DIR).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
log(`profile: ${path.join(PROFILE_DIR, file)}`);
summarise(path.join(PROFILE_DIR, file));
